// Large sites (from 500 pages) render their markdown on the markdown worker and one more per
// core (cli/pipeline/runtime/markdown-share.ts); smaller ones render in the main thread and
// highlight code on that worker (cli/markdown/highlight/highlighter.ts); both build the search
// index on another (cli/search/index-feed.ts). The result must not depend on either: a generated
// site built with workers and in one thread (HELPGEN_WORKERS=0) gives byte-identical output and
// the same link-check diagnostics (the pages' HTML is rendered and checked on the workers too),
// search files included, and so do builds that fill and read the build cache, and a build made
// the way a site of 20,000 pages or more is. Each build runs
// the real command (bin/helpgen.js): workers and the disk cache exist only in the compiled CLI
// the launcher makes (cli/runtime.ts), so this is the path users take.
import { expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { generateCorpus, writeCorpus } from '../../bench/corpus.ts';
import { repoRoot } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

// Each test builds a generated corpus several times (up to 520 pages, in one thread or on
// workers): a corpus build, LONG_MS for each build and each test (patience.ts).
function build(siteDir: string, out: string, env: Record<string, string>, cache = '--no-cache') {
  return spawnSync(process.execPath, [join(repoRoot, 'bin', 'helpgen.js'), 'build', siteDir, '--out', out, ...(cache ? [cache] : [])], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', HELPGEN_TIMINGS: '1', ...env },
    timeout: LONG_MS,
  });
}

// Dot files too: the manifest (.helpgen-output) records each file's SHA-256, which a render
// worker works out for the pages it renders and the main thread for the rest.
const snapshot = (dir: string) =>
  new Map(fg.sync('**/*', { cwd: dir, dot: true }).sort().map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));

it('highlights code and indexes pages for search the same on workers as in the main thread', () => {
  const site = mkdtempSync(join(tmpdir(), 'helpgen-highlight-'));
  writeCorpus(site, generateCorpus({ pages: 60, seed: 5 }));
  const threaded = build(site, 'threaded', {});
  expect(threaded.status, threaded.stderr).toBe(0);
  expect(threaded.stderr).not.toContain('worker threads'); // the pages themselves render in the main thread
  expect(threaded.stderr).toContain('indexed on a worker'); // the search stage used the index the worker built
  const single = build(site, 'single', { HELPGEN_WORKERS: '0' });
  expect(single.status, single.stderr).toBe(0);
  expect(single.stderr).not.toContain('on a worker');
  // With the build cache, as users build: the first build fills it (on workers), the second reads it.
  for (const out of ['cache-fill', 'cache-read']) expect(build(site, out, {}, '').status).toBe(0);
  const a = snapshot(join(site, 'threaded'));
  for (const out of ['single', 'cache-fill', 'cache-read']) {
    const b = snapshot(join(site, out));
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, digest] of a) expect(b.get(file), `${out}/${file}`).toBe(digest);
  }
  const highlighted = fg.sync('threaded/**/*.html', { cwd: site }).filter((f) => /<pre class="shiki/.test(readFileSync(join(site, f), 'utf8')));
  expect(highlighted.length).toBeGreaterThan(5);
}, LONG_MS);

it('renders a large site the same on worker threads as in one thread', () => {
  const site = mkdtempSync(join(tmpdir(), 'helpgen-workers-'));
  writeCorpus(site, generateCorpus({ pages: 520, seed: 11 }));
  const threaded = build(site, 'threaded', {});
  expect(threaded.status, threaded.stderr).toBe(0);
  expect(threaded.stderr).toContain('markdown (worker threads)');
  expect(threaded.stderr).toContain('indexed on a worker'); // fed page by page while the pages were rendered
  // The workers made the doc pages' bodies from their markdown in the spill (cli/pipeline/page-kinds/doc.ts: bodyMadeElsewhere).
  const [, madeThere, shared, writtenThere] = /page bodies made on the render workers: (\d+) of (\d+) pages, (\d+) written there/.exec(threaded.stderr) ?? [];
  expect(Number(madeThere)).toBeGreaterThan(500);
  expect(Number(madeThere)).toBeLessThanOrEqual(Number(shared));
  // Into a fresh folder the workers write the pages they render (cli/pipeline/page-html.ts), and
  // the manifest lists them as the main thread's writes (compared below, dot files included).
  expect(Number(writtenThere)).toBe(Number(shared));
  const single = build(site, 'single', { HELPGEN_WORKERS: '0' });
  expect(single.status, single.stderr).toBe(0);
  expect(single.stderr).not.toContain('worker');
  // Built as a site of 20,000 pages or more is (cli/heap-growth.ts): every render worker
  // highlights its own code blocks (cli/pipeline/runtime/threaded.ts), heaps kept near live.
  const large = build(site, 'as-large', { HELPGEN_LARGE_SITE_FROM: '500' });
  expect(large.status, large.stderr).toBe(0);
  expect(large.stderr).toContain('a large site (500 pages or more)');
  expect(large.stderr).toContain('markdown (worker threads)');
  expect(threaded.stderr).not.toContain('a large site');
  // With the build cache: the first build keeps each page a worker wrote (copied from the output
  // into the page store), which the second copies into its output instead of rendering it.
  const fill = build(site, 'cache-fill', {}, '');
  expect(fill.stderr).toMatch(/page bodies made on the render workers: \d+ of \d+ pages, [1-9]\d* written there/);
  const read = build(site, 'cache-read', {}, '');
  expect(read.stdout).toMatch(/Built \d+ pages in .* \(\d+ unchanged, copied from the build cache\)/);
  const a = snapshot(join(site, 'threaded'));
  expect(a.size).toBeGreaterThan(520);
  for (const out of ['single', 'as-large', 'cache-fill', 'cache-read']) {
    const b = snapshot(join(site, out));
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, digest] of a) expect(b.get(file), `${out}/${file}`).toBe(digest);
  }
}, LONG_MS);

it('reports the broken links and anchors of pages whose HTML a worker rendered, as one thread does', () => {
  const site = mkdtempSync(join(tmpdir(), 'helpgen-page-links-'));
  const corpus = generateCorpus({ pages: 520, seed: 11 });
  // Pages far from the first (which the main thread checks itself): their HTML comes from the workers.
  const docs = corpus.files.filter((file) => file.path.startsWith('content/') && file.path.endsWith('.md'));
  for (const doc of [docs[300]!, docs[301]!, docs[517]!]) doc.contents += '\n\nSee [the lost page](/support/no-such-page) and [the lost heading](#no-such-heading).\n';
  writeCorpus(site, corpus);
  const problems = (stderr: string) => stderr.split('\n').filter((line) => /broken-(link|anchor)/.test(line));
  const threaded = build(site, 'threaded', {});
  expect(threaded.stderr).toContain('write pages (worker threads)');
  const single = build(site, 'single', { HELPGEN_WORKERS: '0' });
  expect(single.stderr).not.toContain('worker');
  expect(problems(single.stderr)).toHaveLength(6);
  expect(problems(threaded.stderr)).toEqual(problems(single.stderr));
  expect([threaded.status, single.status]).toEqual([1, 1]);
}, LONG_MS);
