// File system errors, said for people: which path, what is wrong with it, how to fix it.
// Node's own messages ("EACCES: permission denied, open '…'") made helpgen print "This is a bug
// in helpgen" for an unreadable page or a full disk.
import { relative, isAbsolute, dirname } from 'node:path';
import { statSync, statfsSync } from 'node:fs';
import { HelpgenError } from './errors.ts';

const PROBLEMS: Record<string, { what: string; hint: (path: string) => string }> = {
  EACCES: { what: 'permission denied', hint: (path) => `Give your user access to it (for example chmod u+rw ${quote(path)}), or run helpgen as a user who has it.` },
  EPERM: { what: 'operation not permitted', hint: (path) => `Check the permissions and attributes of ${quote(path)} (read-only or immutable files cannot be changed).` },
  ENOENT: { what: 'no such file or folder', hint: () => 'Check the path; it may have been moved or deleted while helpgen ran.' },
  ENOTDIR: { what: 'a part of the path is a file, not a folder', hint: () => 'Rename the file that stands where a folder should be.' },
  EISDIR: { what: 'it is a folder, not a file', hint: () => 'Rename the folder, or give a file the name helpgen expects here.' },
  ENOSPC: { what: 'the disk is full', hint: () => 'Free some space and run the command again.' },
  EDQUOT: { what: 'your disk quota is used up', hint: () => 'Free some space and run the command again.' },
  EROFS: { what: 'the file system is read-only', hint: () => 'Build into a folder on a writable disk with --out.' },
  EMFILE: { what: 'too many files are open', hint: () => 'Raise the limit of open files (ulimit -n 4096) and run the command again.' },
  ENFILE: { what: 'too many files are open on this system', hint: () => 'Close other programs or raise the system limit of open files.' },
  ELOOP: { what: 'symbolic links loop back on themselves', hint: (path) => `Remove or fix the symbolic link in ${quote(path)}.` },
  ENAMETOOLONG: { what: 'the path is too long', hint: () => 'Use shorter file and folder names.' },
  EBUSY: { what: 'it is in use by another program', hint: () => 'Close the program that holds it and run the command again.' },
};

/** Codes that only the side written to can cause: a copy that fails with one failed at its destination. */
const WRITE_SIDE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EFBIG']);

/** A HelpgenError for a file system error (an error with a code and a path), else undefined. */
export function describeSystemError(error: unknown): HelpgenError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path, dest, syscall, disk: diskThen } = error as FileError;
  const problem = code ? PROBLEMS[code] : undefined;
  if (!problem || typeof path !== 'string') return undefined;
  // Node names a copy's source as its path: a full disk at the destination named the file
  // being copied (helpgen's cache, on another disk with room to spare).
  const failed = typeof dest === 'string' && WRITE_SIDE.has(code!) ? dest : path;
  const shown = displayPath(failed);
  const disk = code === 'ENOSPC' || code === 'EDQUOT' ? (diskThen ?? diskOf(failed)) : undefined;
  return new HelpgenError(`cannot ${failed === dest ? 'write' : verb(syscall)} ${shown}: ${problem.what}${disk ? ` (${disk})` : ''}`, { hint: problem.hint(shown), cause: error });
}

/**
 * Fills in the file an error is about when Node left it out: a write to an open file ("ENOSPC:
 * no space left on device, write") names no path, and a copy names its source.
 */
export function failedAt(error: unknown, file: string): unknown {
  if (!(error instanceof Error)) return error;
  const failure = error as FileError;
  if (typeof failure.path !== 'string') failure.path = file;
  else if (failure.path !== file && failure.dest === undefined) failure.dest = file;
  // The room left now, before a failed build removes what it wrote and frees it again.
  if (failure.code === 'ENOSPC' || failure.code === 'EDQUOT') failure.disk = diskOf(file);
  return error;
}

type FileError = NodeJS.ErrnoException & { dest?: string; disk?: string };

/** "the disk mounted at /mnt/out has 0 kB free": which disk a path is on and its room left, when it can be told. */
function diskOf(path: string): string | undefined {
  let dir = path;
  for (let i = 0; i < 256; i++) {
    try {
      const { dev } = statSync(dir);
      const free = statfsSync(dir);
      let mount = dir;
      for (let parent = dirname(mount); parent !== mount && statSync(parent).dev === dev; parent = dirname(mount)) mount = parent;
      return `the disk mounted at ${mount} has ${size(free.bavail * free.bsize)} free`;
    } catch {
      if (dirname(dir) === dir) return undefined;
      dir = dirname(dir);
    }
  }
  return undefined;
}

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.floor(bytes / 1024)} kB`;
}

function verb(syscall: string | undefined): string {
  switch (syscall) {
    case 'read':
    case 'scandir':
    case 'opendir':
      return 'read';
    case 'mkdir':
      return 'create the folder';
    case 'rename':
    case 'unlink':
    case 'rmdir':
    case 'rm':
      return 'replace or remove';
    case 'write':
    case 'copyfile':
      return 'write';
    case 'open':
      return 'open';
    default:
      return 'use';
  }
}

function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

function quote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
