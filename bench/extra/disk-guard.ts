// Builds whose output grows faster than the site (every page carrying the whole sidebar) can
// fill the disk the machine shares with everything else. A guard stops such a build while
// the disk still has room, and says how far it got: that is where such a site breaks.
import { statfsSync } from 'node:fs';

/** Stop a build once the disk holding `dir` has less than this free… */
const KEEP_FREE_BYTES = 10e9;
/** …or once it has used this share of what was free when it started (the disk is shared). */
const MAX_SHARE = 0.5;

export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** A watch for timedProcess: a stop reason once free space under `dir` runs low. */
export function diskGuard(dir: string, keepFree = KEEP_FREE_BYTES): () => string | undefined {
  const atStart = freeBytes(dir);
  return () => {
    const free = freeBytes(dir);
    if (free >= keepFree && atStart - free < atStart * MAX_SHARE) return undefined;
    return `stopped to keep the shared disk from filling: its free space fell by ${gb(atStart - free)} GB during the build, ${gb(free)} GB left`;
  };
}

export const gb = (bytes: number): string => (bytes / 1e9).toFixed(1);
