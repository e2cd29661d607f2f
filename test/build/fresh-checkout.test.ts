// A CI job's build (docs/build.md, "Keeping the cache in CI"): a fresh checkout, whose files all
// have new stamps (times, inode) and the same text, the build cache restored, and no output
// folder. The scan hashes each page rather than reading it again (cli/source/scan-cache.ts), the
// markdown twins are copied from the build cache rather than made again (cli/pipeline/kept-twins.ts),
// and the output is byte for byte a cold build's.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

function digests(dir: string): Map<string, string> {
  const files = fg.sync('**/*', { cwd: dir, dot: true }).sort();
  return new Map(files.map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));
}

/** The line HELPGEN_TIMINGS prints, as numbers: [matched, …groups]. */
function counts(run: CliRun, pattern: RegExp): number[] {
  const match = pattern.exec(run.stderr);
  expect(match, run.stderr).not.toBeNull();
  return match!.slice(1).map(Number);
}

describe('a build from a fresh checkout with the build cache restored', () => {
  it(
    'hashes the pages rather than reading them, copies the twins from the cache, and writes what a cold build writes',
    () => {
      const site = mkdtempSync(join(tmpdir(), 'helpgen-checkout-'));
      cpSync(fixture('basic-site'), site, { recursive: true });
      const cache = mkdtempSync(join(tmpdir(), 'helpgen-checkout-cache-'));
      const out = mkdtempSync(join(tmpdir(), 'helpgen-checkout-out-'));
      const build = (name: string, ...flags: string[]) => runCli(['build', site, '--out', join(out, name), ...flags], { env: { HELPGEN_CACHE_DIR: cache, HELPGEN_TIMINGS: '1' } });
      expect(build('last').status).toBe(0);
      // A second build: pages saved just before the first may be read again (their stamps were
      // not proof enough yet). It keeps every twin in dist/, and its prune of the stored twins
      // (made due: last pruned long ago) must keep them too, for a build into another folder.
      const site12 = createHash('sha1').update(site).digest('hex').slice(0, 12);
      writeFileSync(join(cache, 'build-cache', `${site12}.twins`, '.pruned'), '1 0');
      expect(build('last').status).toBe(0);

      // The checkout: every file copied afresh at the same path.
      cpSync(site, `${site}.fresh`, { recursive: true });
      rmSync(site, { recursive: true });
      renameSync(`${site}.fresh`, site);
      const ci = build('ci');
      expect(ci.status, ci.stderr).toBe(0);
      const [read, docs, hashed] = counts(ci, /^pages read: (\d+) of (\d+) by the scan \((\d+) more hashed/m);
      expect([read, hashed]).toEqual([0, docs]);
      const [made, twins, copied] = counts(ci, /^markdown twins: (\d+) of (\d+) made, (\d+) copied from the build cache/m);
      expect([made, copied]).toEqual([0, twins]);
      expect(twins).toBe(docs);

      expect(build('cold', '--no-cache').status).toBe(0);
      const cold = digests(join(out, 'cold'));
      const fresh = digests(join(out, 'ci'));
      expect([...fresh.keys()]).toEqual([...cold.keys()]);
      expect([...cold].filter(([file, digest]) => fresh.get(file) !== digest).map(([file]) => file)).toEqual([]);
    },
    LONG_MS,
  );
});
