// A file's stamp: what the file system says about it without reading it (size, modification and
// change times in nanoseconds, inode). The scan trusts a page it read before while the stamp is
// the same (./scan-cache.ts), as git trusts its index. The change time (ctime) cannot be set by
// anyone: a save that keeps the size and puts the modification time back (`touch -r`, `utimes`,
// a tool that preserves times) still moves it, and a file replaced by another (rsync, an editor
// that writes a copy and renames it) has another inode.
import { statSync, type BigIntStats } from 'node:fs';

export interface FileStamp {
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
}

export function stampOf(stats: BigIntStats): FileStamp {
  return { size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs, ino: stats.ino };
}

/** The stamp of the file at `path` (links followed), undefined when it is not a file. */
export function statStamp(path: string): FileStamp | undefined {
  const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stats?.isFile() ? stampOf(stats) : undefined;
}

/** The stamp as text, equal for equal stamps (what the build cache keeps). */
export function stampKey(stamp: FileStamp): string {
  return `${stamp.size}:${stamp.mtimeNs}:${stamp.ctimeNs}:${stamp.ino}`;
}

/** The wall clock in nanoseconds, as file times are. */
export function clockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

/**
 * How close to the moment a file was read its last change may be before its stamp is not
 * proof enough. A file system stores times to its own tick: Linux's file systems the kernel's
 * clock tick (up to 10 ms, taken from a clock that lags the real one by as much), ext3 and HFS+
 * whole seconds, FAT two. A file saved twice within one tick, once before the scan read it and
 * once after, keeps its stamp (same size, same times) although its text changed. A file whose
 * times are whole seconds may be on a file system that keeps nothing finer: it gets two seconds;
 * any other a tenth of one.
 */
const FINE_MARGIN_NS = 100_000_000n;
const COARSE_MARGIN_NS = 2_000_000_000n;

/**
 * Racy (git's word): the file changed so shortly before `readAt` (the clock before the scan
 * listed and read it) that it may have changed again since within the same tick of its file
 * system's clock, leaving its stamp as it was. Such a page is read again, as git compares
 * the content of racily clean files; once read later, its stamp is safely older and trusted.
 */
export function isRacy(stamp: FileStamp, readAt: bigint): boolean {
  const coarse = stamp.mtimeNs % 1_000_000_000n === 0n && stamp.ctimeNs % 1_000_000_000n === 0n;
  const safeBefore = readAt - (coarse ? COARSE_MARGIN_NS : FINE_MARGIN_NS);
  return stamp.mtimeNs >= safeBefore || stamp.ctimeNs >= safeBefore;
}
