// How this helpgen process runs, said explicitly by whoever started it rather than guessed
// from the file name of the running code. bin/launcher.js compiles cli/ into a folder of
// bundled scripts and names that folder in HELPGEN_BUNDLE_DIR before it imports main.mjs; worker
// threads inherit it. Code loaded from the TypeScript sources (vitest importing cli/ directly)
// has no bundle: it renders in one thread and builds cold, because a worker thread needs a
// script file and the build cache is keyed to the bundle that made it. Tests that exercise
// workers and caches run the real command (bin/helpgen.js), which takes the launcher's path.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the compiled CLI (main.mjs and one script per worker entry), if there is one. */
export function bundleDir(): string | undefined {
  return process.env.HELPGEN_BUNDLE_DIR || undefined;
}

/**
 * The bundled script of the worker entry point `name` ("render-worker"). None without a bundle,
 * and none with HELPGEN_WORKERS=0, which asks for everything in the main thread (to compare
 * and debug).
 */
export function workerScript(name: string): string | undefined {
  const dir = bundleDir();
  if (!dir || process.env.HELPGEN_WORKERS === '0') return undefined;
  const script = join(dir, `${name}.mjs`);
  return existsSync(script) ? script : undefined;
}

/**
 * Identifies the compiled code, for caches of what it made: the hash of its scripts that
 * bin/launcher.js wrote beside them (identity.txt), so the same code compiled again (a fresh
 * CI checkout) or installed again (npm ci) still finds its cache. A bundle without that file
 * (compiled by an older launcher) falls back to its folder and its main script's size and time.
 * Undefined without a bundle: then nothing is cached on disk across runs.
 */
export function bundleIdentity(): string | undefined {
  const dir = bundleDir();
  if (!dir) return undefined;
  try {
    return `sha256:${readFileSync(join(dir, 'identity.txt'), 'utf8').trim()}`;
  } catch {
    // No identity file: the older identity below.
  }
  try {
    const main = statSync(join(dir, 'main.mjs'));
    return `${dir}:${main.size}:${main.mtimeMs}`;
  } catch {
    return undefined;
  }
}
