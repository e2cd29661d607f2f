// The least any build into an empty folder does: put the output's bytes there. Every file of a
// built output is copied into a new folder with libuv's copyFile (as helpgen's output copies a
// page it keeps from the build cache), 32 at once, its folders made first. Measured beside the
// CI builds (./checkout-builds.ts), it shows how much of their time is the copy alone: at 8,500
// pages the output is ~28,000 files and ~480 MB, and in the run at 9b2babc copying it took 2.14 s,
// 0.092 × the cold build, against the CI build's budget of 0.1 × (its build took 4.24 s).
//
// Two ways to make that floor lower, measured and not taken (CI builds of the 8,500 pages, 4 in
// turn with each, output and cache on the same disk):
// - Hard links to the build cache's files instead of copies: 3.25-3.44 s against 4.10-4.30 s,
//   since no file is created. But the output's files would then be the cache's: a script that
//   edits dist/ in place (an HTML minifier, an injected snippet) would change what the next build
//   copies, and after a cache restore in CI nothing cheap could tell.
// - Copy-on-write clones (COPYFILE_FICLONE), which are safe: on XFS with reflinks, 4.07-4.59 s
//   against 3.95-4.83 s. Creating 28,000 small files costs more than their bytes.
import { mkdirSync, readdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

const COPIES_AT_ONCE = 32;

/** Copies every file of `from` into `to` (which must not hold them yet); its wall time in ms, listing included. */
export async function copyOutput(from: string, to: string): Promise<number> {
  const started = performance.now();
  const files = readdirSync(from, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(from, join(entry.parentPath, entry.name)));
  for (const dir of new Set(files.map((file) => dirname(join(to, file))))) mkdirSync(dir, { recursive: true });
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(join(from, file), join(to, file));
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
  return performance.now() - started;
}
