// The build cache as CI keeps it (docs/build.md, "Keeping the cache in CI"): HELPGEN_CACHE_DIR
// names a folder outside node_modules, the runner saves it after one run and restores it into
// the next run's fresh checkout, whose files all have new times, so the launcher compiles the
// CLI again, into a new folder. The same code compiled again must still find its cache
// (cli/runtime.ts bundleIdentity), or every CI build is a cold one.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';
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

describe('the build cache in CI', () => {
  it(
    'lives in HELPGEN_CACHE_DIR, and a fresh checkout that restores it reuses it',
    () => {
      const site = mkdtempSync(join(tmpdir(), 'helpgen-ci-'));
      cpSync(fixture('basic-site'), site, { recursive: true });
      const out = mkdtempSync(join(tmpdir(), 'helpgen-ci-out-'));
      const build = (name: string, cache: string, ...flags: string[]) => runCli(['build', site, '--out', join(out, name), ...flags], { env: { HELPGEN_CACHE_DIR: cache } });
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
      const cold = digests(join(out, 'cold'));
      const reused = digests(join(out, 'warm'));
      expect([...reused.keys()]).toEqual([...cold.keys()]);
      expect([...cold].filter(([file, digest]) => reused.get(file) !== digest).map(([file]) => file)).toEqual([]);
    },
    LONG_MS,
  );
});
