// What the quiet re-check after a batch looks at (./change-queue.ts says why there is one).
// chokidar drops a second change event for the same file within 50 ms, so the only saves a
// batch can have missed are later writes to the files it named: their size and mtime, taken
// before the rebuild read them, tell whether one came. Re-checking only them keeps the re-check
// free on a large site, where compiling the whole site again after every save cost as much as
// the save's own rebuild (~300 ms at 1,700 pages) and delayed the next save.
import { statSync } from 'node:fs';

export type FileStamps = Map<string, string>;

/** Size and mtime of each path ("gone" for a file that is not there). */
export function stampFiles(paths: Iterable<string>): FileStamps {
  const stamps: FileStamps = new Map();
  for (const path of paths) stamps.set(path, stampOf(path));
  return stamps;
}

/** True when any of the files changed since its stamp was taken. */
export function changedSince(stamps: FileStamps): boolean {
  for (const [path, stamp] of stamps) if (stampOf(path) !== stamp) return true;
  return false;
}

function stampOf(path: string): string {
  const stats = statSync(path, { throwIfNoEntry: false, bigint: true });
  return stats ? `${stats.size}:${stats.mtimeNs}:${stats.isDirectory() ? 'd' : 'f'}` : 'gone';
}
