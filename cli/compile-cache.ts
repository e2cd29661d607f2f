// Node's module compile cache for helpgen's own scripts: V8 keeps the code it compiled from each
// script on disk, and the next process loads it instead of compiling the script again. Every
// command loads a few megabytes of bundled code, and every worker thread of a build loads its
// own share again: a warm build of 8,500 pages spent ~0.1 s of its 2.4 s compiling them (5
// alternating pairs of in-place builds: medians 2.39 s without, 2.28 s with). It is the same kind of cache as the
// compiled CLI itself, and like it can only make a command start sooner: V8 checks each entry
// against the script's text and compiles the script afresh when they differ.
//
// Kept under helpgen's cache folder (so CI that keeps HELPGEN_CACHE_DIR keeps it too), a folder
// per compiled CLI, the newest few kept. Node 20 has no compile cache; NODE_COMPILE_CACHE names
// another folder, and NODE_DISABLE_COMPILE_CACHE=1 turns it off, as for any node program.
import { createHash } from 'node:crypto';
import module from 'node:module';
import { join } from 'node:path';
import { pruneCache } from './disk-cache.ts';
import { bundleIdentity } from './runtime.ts';

/** Folders of other compiled CLIs kept besides this one's (another checkout's, a version just left). */
const KEEP_OTHERS = 2;

type EnableCompileCache = (directory?: string) => { directory?: string };

let directory: string | undefined;

/**
 * Turns the compile cache on for this process (once a CLI is compiled: not from the sources),
 * under `cacheDir` (helpgen's cache folder: the caller's, so that a worker thread bundling
 * ./pipeline/worker-pool.ts needs no installation folder).
 */
export function startCompileCache(cacheDir: string): void {
  const enable = (module as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  const identity = bundleIdentity();
  if (typeof enable !== 'function' || identity === undefined || directory !== undefined) return;
  const root = join(cacheDir, 'compile-cache');
  const own = join(root, createHash('sha1').update(identity).digest('hex').slice(0, 16));
  directory = enable(process.env.NODE_COMPILE_CACHE || own).directory;
  if (directory === own) pruneCache(root, { entries: () => true, keepNewest: KEEP_OTHERS, current: own });
}

/** What a worker thread's options add for it to use the compile cache too: its environment, when the cache is on. */
export function workerEnv(): { env?: NodeJS.ProcessEnv } {
  return directory === undefined ? {} : { env: { ...process.env, NODE_COMPILE_CACHE: directory } };
}
