// File system errors, said for people: which path, what is wrong with it, how to fix it.
// Node's own messages ("EACCES: permission denied, open '…'") made helpgen print "This is a bug
// in helpgen" for an unreadable page or a full disk.
import { relative, isAbsolute } from 'node:path';
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

/** A HelpgenError for a file system error (an error with a code and a path), else undefined. */
export function describeSystemError(error: unknown): HelpgenError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  const problem = code ? PROBLEMS[code] : undefined;
  if (!problem || typeof path !== 'string') return undefined;
  const shown = displayPath(path);
  return new HelpgenError(`cannot ${verb(syscall)} ${shown}: ${problem.what}`, { hint: problem.hint(shown), cause: error });
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
