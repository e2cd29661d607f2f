// A production build writes only the client chunks some page can load (cli/render/client-chunks.ts):
// no mermaid, ELK or KaTeX for a site without diagrams, mermaid's core and the sequence diagram's
// code (no ELK, no other type) for a site with one sequence diagram, the same files whether pages
// render on worker threads, in one thread or come from the build cache, and every chunk in dev.
import { expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../cli/pipeline/build.ts';
import { SiteBuild } from '../../cli/pipeline/site-build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { runCli } from '../helpers/cli.ts';

const page = (title: string, body = 'Some text.') => `---\ntitle: ${title}\n---\n\n${body}\n`;
const SEQUENCE = '```mermaid\nsequenceDiagram\n  Writer->>Reviewer: Please approve\n```';

const scripts = (outDir: string) => readdirSync(join(outDir, 'support', 'assets', 'js')).sort();
const mermaidFiles = (files: string[]) => files.filter((f) => /^(diagrams\.|elk-|katex\.|dagre-|cose-bilkent-)|Diagram-|-definition-/.test(f));
const TABS = ':::tabs\n::tab[One]\nFirst.\n::tab[Two]\nSecond.\n:::';

it('writes no mermaid, ELK, KaTeX, tabs or Algolia chunk for a site without diagrams and tabs on the local index', async () => {
  const siteDir = writeSite({ 'content/intro.md': page('Home'), 'content/guide.md': page('Guide', '```js\nconst a = 1;\n```') });
  const { outDir } = await build({ siteDir, outDir: join(siteDir, 'dist'), reporter: new Reporter(() => {}) });
  const files = scripts(outDir);
  expect(files.some((f) => f.startsWith('main.'))).toBe(true);
  expect(files.some((f) => f.startsWith('mount.'))).toBe(true); // the search modal stays
  expect(mermaidFiles(files)).toEqual([]);
  expect(files.filter((f) => /^(tabs|zoom|algolia|insights)\./.test(f))).toEqual([]);
  expect(files.some((f) => f.startsWith('local.'))).toBe(true);
});

it('writes mermaid and the sequence chunk for one sequence diagram (and the tabs and zoom code for one tab block and one image), the same on workers, in one thread and from the cache', () => {
  // 500 pages: the build renders them on worker threads.
  const files: Record<string, string> = { 'content/intro.md': page('Home') };
  for (let i = 0; i < 500; i++) files[`content/pages/p${i}.md`] = page(`Page ${i}`, i === 250 ? SEQUENCE : i === 400 ? `${TABS}\n\n![A picture](https://example.com/a.png)` : `Page number ${i}.`);
  const siteDir = writeSite(files);
  const run = (out: string, env: Record<string, string> = {}, cache = true) => {
    const result = runCli(['build', siteDir, '--out', out, ...(cache ? [] : ['--no-cache'])], { env });
    expect(result.status, result.stderr).toBe(0);
    return { stderr: result.stderr, files: scripts(join(siteDir, out)) };
  };
  const threaded = run('threaded', { HELPGEN_TIMINGS: '1' }, false);
  expect(threaded.stderr).toContain('markdown (worker threads)');
  const names = mermaidFiles(threaded.files).map((f) => f.replace(/\..*$/, '').replace(/-[A-Z0-9]{8}$/, ''));
  expect(names).toEqual(['diagrams', 'sequenceDiagram']);
  expect(threaded.files.filter((f) => /^(tabs|zoom)\./.test(f)).map((f) => f.split('.')[0])).toEqual(['tabs', 'zoom']);
  expect(run('single', { HELPGEN_WORKERS: '0' }, false).files).toEqual(threaded.files);
  expect(run('cache-fill').files).toEqual(threaded.files);
  expect(run('cache-read').files).toEqual(threaded.files);
});

it('keeps every chunk in a dev build, where a diagram may be added at any moment', async () => {
  const siteDir = writeSite({ 'content/intro.md': page('Home') });
  const site = new SiteBuild({ siteDir, mode: 'development', cache: false });
  const { files } = await site.compile(new Reporter(() => {}));
  const names = files.map((f) => f.path.split('/').pop()!);
  expect(names.some((f) => f.startsWith('elk-'))).toBe(true);
  expect(names.some((f) => f.startsWith('katex.'))).toBe(true);
  expect(names.some((f) => f.startsWith('sequenceDiagram-'))).toBe(true);
});
