// The build cache as CI keeps it (docs/build.md, "Keeping the cache in CI"): the runner restores
// node_modules/.cache/helpgen into a fresh checkout, whose files all have new times, so the
// launcher compiles the CLI again, into a new folder. The same code compiled again must still
// find its cache (cli/runtime.ts bundleIdentity), or every CI build is a cold one.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli } from '../helpers/cli.ts';
import { fixture, repoRoot } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

const launcherCache = join(repoRoot, 'node_modules', '.cache', 'helpgen');
const compiledInto = () => (JSON.parse(readFileSync(join(launcherCache, 'inputs.json'), 'utf8')) as { dir: string }).dir;

function digests(dir: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true }).sort();
  return new Map(files.map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));
}

describe('the build cache in CI', () => {
  it(
    'is reused by the same code compiled again, as in a fresh checkout',
    () => {
      const site = mkdtempSync(join(tmpdir(), 'helpgen-ci-'));
      cpSync(fixture('basic-site'), site, { recursive: true });
      const out = mkdtempSync(join(tmpdir(), 'helpgen-ci-out-'));
      const build = (name: string, ...flags: string[]) => runCli(['build', site, '--out', join(out, name), ...flags]);
      expect(build('first').status).toBe(0);
      const cacheFile = join(launcherCache, 'build-cache', `${createHash('sha1').update(site).digest('hex').slice(0, 12)}.bin`);
      const stored = readFileSync(cacheFile);
      const firstBundle = compiledInto();

      // What a fresh checkout does to the launcher: its record of the last compile no longer
      // holds, so the next command compiles cli/ again, into a folder of its own.
      rmSync(join(launcherCache, 'inputs.json'));
      const warm = build('warm');
      expect(warm.status, warm.stderr).toBe(0);
      expect(compiledInto()).not.toBe(firstBundle);
      // Every page came from the cache, so the build had nothing new to store: a cache it could
      // not use would have been written again, under the new bundle's identity.
      expect(readFileSync(cacheFile).equals(stored), 'the recompiled CLI did not reuse the build cache').toBe(true);

      expect(build('cold', '--no-cache').status).toBe(0);
      const cold = digests(join(out, 'cold'));
      const reused = digests(join(out, 'warm'));
      expect([...reused.keys()]).toEqual([...cold.keys()]);
      expect([...cold].filter(([file, digest]) => reused.get(file) !== digest).map(([file]) => file)).toEqual([]);
    },
    LONG_MS,
  );
});
