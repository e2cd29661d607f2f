// Builds whose output grows faster than the site (every page carrying the whole sidebar) can
// fill the disk the machine shares with everything else. A guard stops such a build while
// the disk still has room, and says how far it got: that is where such a site breaks.
import { statfsSync } from 'node:fs';

/** Stop a build once the disk holding `dir` has less than this free. */
const KEEP_FREE_BYTES = 10e9;

export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** A watch for timedProcess: a stop reason once free space under `dir` runs low. */
export function diskGuard(dir: string, keepFree = KEEP_FREE_BYTES): () => string | undefined {
  const atStart = freeBytes(dir);
  return () => {
    const free = freeBytes(dir);
    if (free >= keepFree) return undefined;
    return `stopped to keep the disk from filling: ${gb(atStart - free)} GB written, ${gb(free)} GB left free`;
  };
}

export const gb = (bytes: number): string => (bytes / 1e9).toFixed(1);
