// The search index's files in the build cache (cli/pipeline/stored-search.ts): each in a file of
// its own named by its bytes' hash, not in the cache file, which a one-page edit used to write
// whole again (35 MB of its 60 at 8,500 pages). A one-page edit writes only the index files
// that changed; a build whose pages' search content did not change copies the stored files;
// one that finds a stored file gone builds the index again, with the same bytes. And the cache
// file itself is left as it was: the edited page's entry goes to the delta beside it
// (cli/pipeline/cache-delta.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS, TEST_MS } from '../helpers/patience.ts';

const site = mkdtempSync(join(tmpdir(), 'helpgen-search-cache-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'helpgen-search-cache-dir-'));
const out = join(mkdtempSync(join(tmpdir(), 'helpgen-search-cache-out-')), 'dist');
const buildCache = join(cacheDir, 'build-cache');

function build(): CliRun {
  const run = runCli(['build', site, '--out', out], { env: { HELPGEN_CACHE_DIR: cacheDir } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

/** The stored search files, by name, with the time each was last written. */
function stored(): Map<string, number> {
  const folder = readdirSync(buildCache).find((name) => name.endsWith('.search'));
  expect(folder, 'a folder of search files beside the cache file').toBeDefined();
  const dir = join(buildCache, folder!);
  const names = readdirSync(dir).filter((name) => !name.startsWith('.'));
  return new Map(names.map((name) => [name.replace(/\.data$/, ''), statSync(join(dir, name)).mtimeMs]));
}

/** The search index files of the output, by path, with their bytes. */
function searchFiles(): Map<string, Buffer> {
  const dir = join(out, 'support/assets/search');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(dir, path)).isFile());
  return new Map(files.sort().map((path) => [path, readFileSync(join(dir, path))]));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const page = join(site, 'content/guides/start.md');

describe('the search index files of the build cache', () => {
  beforeAll(() => {
    cpSync(fixture('basic-site'), site, { recursive: true });
    build();
  }, LONG_MS);

  it('keeps each search file in a file of its own, named by its bytes, not in the cache file', () => {
    const names = stored();
    const files = searchFiles();
    for (const [path, bytes] of files) expect(names.has(sha256(bytes)), path).toBe(true);
    const cacheFile = readFileSync(join(buildCache, readdirSync(buildCache).find((name) => name.endsWith('.bin'))!));
    const largest = [...files.values()].sort((a, b) => b.length - a.length)[0]!;
    expect(cacheFile.includes(largest)).toBe(false);
  });

  it(
    'writes only the search files a one-page edit changed',
    () => {
      const before = stored();
      const filesBefore = searchFiles();
      const cacheFile = join(buildCache, readdirSync(buildCache).find((name) => name.endsWith('.bin'))!);
      const cacheBefore = readFileSync(cacheFile);
      writeFileSync(page, readFileSync(page, 'utf8').replace('Run this:', 'Run this zebrafish command:'));
      build();
      const after = stored();
      const files = searchFiles();
      const changed = [...files].filter(([path, bytes]) => !filesBefore.get(path)?.equals(bytes));
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.length).toBeLessThan(files.size);
      // Every changed file is stored (some may have been before: the same bytes under another path), and no other file was added.
      const names = new Set(changed.map(([, bytes]) => sha256(bytes)));
      for (const name of names) expect(after.has(name), name).toBe(true);
      const added = [...after.keys()].filter((name) => !before.has(name));
      expect(added.length).toBeGreaterThan(0);
      for (const name of added) expect(names.has(name), name).toBe(true);
      for (const [name, written] of after) if (before.has(name)) expect(written, name).toBe(before.get(name));
      expect(readFileSync(cacheFile).equals(cacheBefore), 'the cache file was written again').toBe(true);
      expect(readdirSync(buildCache).filter((name) => name.endsWith('.delta'))).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'builds the index again, with the same bytes, when a stored file is gone',
    () => {
      const files = searchFiles();
      const folder = join(buildCache, readdirSync(buildCache).find((name) => name.endsWith('.search'))!);
      for (const name of readdirSync(folder)) rmSync(join(folder, name));
      // Nothing changed: the stored result would be used, were its files there.
      build();
      expect(searchFiles()).toEqual(files);
      expect(stored().size).toBeGreaterThan(0);
    },
    TEST_MS,
  );
});
