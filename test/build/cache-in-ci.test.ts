// The build cache as CI keeps it (docs/build.md, "Keeping the cache in CI"): HELPGEN_CACHE_DIR
// names a folder outside node_modules, the runner saves it after one run and restores it into
// the next run's fresh checkout, whose files all have new times, so the launcher compiles the
// CLI again, into a new folder. The same code compiled again must still find its cache
// (cli/runtime.ts bundleIdentity), or every CI build is a cold one. The site's own files have new
// stamps (times, inode) and the same text too, and there is no output folder: the scan hashes
// each page rather than reading it again (cli/source/scan-cache.ts), the markdown twins are
// copied from the build cache rather than made again (cli/pipeline/kept-twins.ts), and the
// output is byte for byte a cold build's.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture, repoRoot } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

interface LauncherRecord {
  builtAt: number;
  dir: string;
}
const record = (cache: string) => JSON.parse(readFileSync(join(cache, 'inputs.json'), 'utf8')) as LauncherRecord;

function digests(dir: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true }).sort();
  return new Map(files.map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));
}

/** The files of `name` that differ from a cold build's, or are missing or extra. */
function differences(out: string, name: string): string[] {
  const cold = digests(join(out, 'cold'));
  const built = digests(join(out, name));
  const paths = new Set([...cold.keys(), ...built.keys()]);
  return [...paths].filter((path) => cold.get(path) !== built.get(path)).sort();
}

/** A copy of the basic fixture, an output folder, and `build(name, cache, …flags)` into `out/name` with HELPGEN_CACHE_DIR and timings. */
function ciSite() {
  const site = mkdtempSync(join(tmpdir(), 'helpgen-ci-'));
  cpSync(fixture('basic-site'), site, { recursive: true });
  const out = mkdtempSync(join(tmpdir(), 'helpgen-ci-out-'));
  const build = (name: string, cache: string, ...flags: string[]) => runCli(['build', site, '--out', join(out, name), ...flags], { env: { HELPGEN_CACHE_DIR: cache, HELPGEN_TIMINGS: '1' } });
  return { site, out, build };
}

/** The line HELPGEN_TIMINGS prints, as numbers. */
function counts(run: CliRun, pattern: RegExp): number[] {
  const match = pattern.exec(run.stderr);
  expect(match, run.stderr).not.toBeNull();
  return match!.slice(1).map(Number);
}

describe('the build cache in CI', () => {
  it(
    'lives in HELPGEN_CACHE_DIR, and a fresh checkout that restores it reuses it',
    () => {
      const { site, out, build } = ciSite();
      const cacheName = `${createHash('sha1').update(site).digest('hex').slice(0, 12)}.bin`;

      // The first run: the cache goes where HELPGEN_CACHE_DIR says, not into node_modules.
      const firstRun = mkdtempSync(join(tmpdir(), 'helpgen-ci-cache-'));
      expect(build('first', firstRun).status).toBe(0);
      const stored = readFileSync(join(firstRun, 'build-cache', cacheName));
      expect(existsSync(join(repoRoot, 'node_modules', '.cache', 'helpgen', 'build-cache', cacheName))).toBe(false);

      // The next run restores the folder into a fresh checkout, whose sources are all newer than
      // the launcher's last compile, so the next command compiles cli/ again.
      const nextRun = mkdtempSync(join(tmpdir(), 'helpgen-ci-cache-'));
      cpSync(firstRun, nextRun, { recursive: true });
      writeFileSync(join(nextRun, 'inputs.json'), JSON.stringify({ ...record(nextRun), builtAt: 0 }));
      const warm = build('warm', nextRun);
      expect(warm.status, warm.stderr).toBe(0);
      expect(record(nextRun).dir).not.toBe(record(firstRun).dir);
      // Every page came from the cache, so the build had nothing new to store: a cache it could
      // not use would have been written again, under the new bundle's identity.
      expect(readFileSync(join(nextRun, 'build-cache', cacheName)).equals(stored), 'the recompiled CLI did not reuse the build cache').toBe(true);

      expect(build('cold', nextRun, '--no-cache').status).toBe(0);
      expect(differences(out, 'warm')).toEqual([]);
    },
    LONG_MS,
  );

  it(
    'hashes the pages of a fresh checkout rather than reading them, copies the twins from the cache, and writes what a cold build writes',
    () => {
      const { site, out, build } = ciSite();
      const cache = mkdtempSync(join(tmpdir(), 'helpgen-ci-cache-'));
      expect(build('last', cache).status).toBe(0);
      // A second build: pages saved just before the first may be read again (their stamps were
      // not proof enough yet). It keeps every twin in dist/, and its prune of the stored twins
      // (made due: last pruned long ago) must keep them too, for a build into another folder.
      writeFileSync(join(cache, 'build-cache', `${createHash('sha1').update(site).digest('hex').slice(0, 12)}.twins`, '.pruned'), '1 0');
      expect(build('last', cache).status).toBe(0);

      // The checkout: every file copied afresh at the same path.
      cpSync(site, `${site}.fresh`, { recursive: true });
      rmSync(site, { recursive: true });
      renameSync(`${site}.fresh`, site);
      const ci = build('ci', cache);
      expect(ci.status, ci.stderr).toBe(0);
      const [read, docs, hashed] = counts(ci, /^pages read: (\d+) of (\d+) by the scan \((\d+) more hashed/m);
      expect([read, hashed]).toEqual([0, docs]);
      const [made, twins, copied] = counts(ci, /^markdown twins: (\d+) of (\d+) made, (\d+) copied from the build cache/m);
      expect([made, copied, twins]).toEqual([0, docs, docs]);
      // llms-full.txt's twins come from the cache's copy of the last one, not from each twin's file.
      expect(ci.stderr).toContain("llms-full.txt's unchanged twins copied from the build cache's copy of the last one");
      expect(build('cold', cache, '--no-cache').status).toBe(0);
      expect(differences(out, 'ci')).toEqual([]);
    },
    LONG_MS,
  );
});
