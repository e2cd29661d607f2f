// Node's module compile cache for helpgen's own scripts (cli/compile-cache.ts): kept under
// HELPGEN_CACHE_DIR, a folder per compiled CLI, used by the worker threads too, and pruned to the
// newest few folders. Node 20 has no compile cache: there the build writes none.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

function build(env: Record<string, string>) {
  const site = mkdtempSync(join(tmpdir(), 'helpgen-compile-cache-'));
  cpSync(fixture('basic-site'), site, { recursive: true });
  const run = runCli(['build', site, '--out', join(site, 'dist')], { env: { NODE_DEBUG_NATIVE: 'COMPILE_CACHE', ...env } });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

describe.runIf(hasCompileCache)("the compile cache of helpgen's scripts", () => {
  it(
    'lives in a folder of the compiled CLI under HELPGEN_CACHE_DIR, is used by the workers, and keeps the newest two other folders',
    () => {
      const cache = mkdtempSync(join(tmpdir(), 'helpgen-cache-'));
      const root = join(cache, 'compile-cache');
      // Four folders of older compiled CLIs, the oldest first.
      const others = ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'cccccccccccccccc', 'dddddddddddddddd'];
      others.forEach((name, i) => {
        mkdirSync(join(root, name), { recursive: true });
        utimesSync(join(root, name), 1_000_000 + i, 1_000_000 + i);
      });
      const first = build({ HELPGEN_CACHE_DIR: cache });
      const own = readdirSync(root).filter((name) => !others.includes(name));
      expect(own).toHaveLength(1);
      expect(readdirSync(root).sort()).toEqual(['cccccccccccccccc', 'dddddddddddddddd', own[0]].sort());
      // Node names each thread that turns the cache on: the main thread and the build's workers.
      const threads = (first.stderr.match(/\[compile cache\] resolved path/g) ?? []).length;
      expect(threads).toBeGreaterThanOrEqual(2);
      expect(readdirSync(join(root, own[0]!)).length).toBeGreaterThan(0);
      // The next command reads what the first one left.
      const second = build({ HELPGEN_CACHE_DIR: cache });
      expect(second.stderr).toMatch(/\[compile cache\] cache for .* was accepted/);
    },
    LONG_MS,
  );

  it(
    'goes where NODE_COMPILE_CACHE says, as for any node program',
    () => {
      const cache = mkdtempSync(join(tmpdir(), 'helpgen-cache-'));
      const elsewhere = mkdtempSync(join(tmpdir(), 'node-compile-cache-'));
      build({ HELPGEN_CACHE_DIR: cache, NODE_COMPILE_CACHE: elsewhere });
      expect(readdirSync(elsewhere).length).toBeGreaterThan(0);
      expect(readdirSync(cache)).not.toContain('compile-cache');
    },
    LONG_MS,
  );
});
