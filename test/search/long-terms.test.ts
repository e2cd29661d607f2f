// A page of ever longer words ("x", "xx", "xxx", … 800 letters) failed the build: a shard of
// the search index is named after its first term, and a name over 255 bytes could not be
// written ("use shorter file and folder names", naming no page). Shard names are bounded,
// and the browser's engine still finds the shard of a long word.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';

const dir = mkdtempSync(join(tmpdir(), 'helpgen-long-terms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('search shards of long words', () => {
  it('builds, every file name under 255 bytes, and finds the page by its longest words', async () => {
    cpSync(fixture('basic-site'), dir, { recursive: true });
    const words = Array.from({ length: 800 }, (_, i) => 'x'.repeat(i + 1));
    const cyrillic = Array.from({ length: 100 }, (_, i) => 'ж'.repeat(i + 150));
    writeFileSync(join(dir, 'content', 'long.md'), `---\ntitle: Long words\n---\n\n${words.join(' ')}\n\n${cyrillic.join(' ')}\n`);
    const run = runCli(['build', dir]);
    expect(run.stderr).not.toContain('error');
    expect(run.status).toBe(0);

    const searchDir = join(dir, 'dist', 'support', 'assets', 'search');
    const names = readdirSync(searchDir, { recursive: true, encoding: 'utf8' }).map((path) => path.split('/').pop()!);
    expect(Math.max(...names.map((name) => Buffer.byteLength(name)))).toBeLessThan(255);
    const entry = JSON.parse(readFileSync(join(searchDir, 'index.json'), 'utf8')) as EntryFile;
    const engine = new LocalSearchEngine(entry, async (path) => JSON.parse(readFileSync(join(searchDir, path), 'utf8')) as unknown);
    for (const query of [words[799]!, words[500]!, words[260]!, cyrillic[99]!]) {
      const { hits } = await engine.search({ query, hitsPerPage: 5, snippetWords: 10 });
      expect(hits[0]?.url, query.slice(0, 20)).toBe('/support/long');
    }
  });
});
