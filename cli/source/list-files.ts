// Lists the files of content/ or static/ without ever leaving the site folder. Symbolic links
// are not walked blindly (fast-glob follows them, so a link to a parent folder made it list
// the same folders again and again for minutes): a link to a file inside the site is read as
// that file; a link to a folder, a link that leads outside the site, and a broken or looping
// link are skipped with a warning naming the link.
import { realpathSync, statSync, type BigIntStats } from 'node:fs';
import { join, posix, relative } from 'node:path';
import fg, { type Entry, type Options } from 'fast-glob';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { isInsideOrSame } from '../output/output-folder.ts';
import { invalidFileName } from './read-text.ts';
import { stampOf, type FileStamp } from './file-stamp.ts';

export interface ListedFile {
  /** Path under the listed folder, "/"-separated. */
  path: string;
  stats: { size: number };
  /** What tells whether it changed since it was last read (./file-stamp.ts). */
  stamp: FileStamp;
}

export interface ListOptions {
  /** Folder to list (content/ or static/ of the site). */
  dir: string;
  /** The site folder: links may lead anywhere inside it, never out. */
  siteDir: string;
  /** Which files to keep, by their path under `dir`. */
  keep: (path: string) => boolean;
  ignore?: string[];
  report: (diagnostic: Diagnostic) => void;
}

const walk = (ignore: string[] = []): Options => ({ onlyFiles: false, followSymbolicLinks: false, dot: false, objectMode: true, ignore });

/**
 * Files stat'ed between turns of the event loop, so a dev server listing a large site still
 * answers. Stat'ed one after another: a promise per file (fs/promises) cost the main thread
 * more than the stats themselves (a warm build of 8,500 pages: ~70 ms of it, and its garbage).
 */
const STATS_PER_TURN = 1000;

export async function listFiles(options: ListOptions): Promise<ListedFile[]> {
  const entries = (await fg('**', { ...walk(options.ignore), cwd: options.dir })) as unknown as Entry[];
  const files: (ListedFile | undefined)[] = [];
  for (const [i, entry] of entries.entries()) {
    if (i % STATS_PER_TURN === STATS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    files.push(listedEntry(entry, options));
  }
  return sortByPath(files);
}

export function listFilesSync(options: ListOptions): ListedFile[] {
  const entries = fg.sync('**', { ...walk(options.ignore), cwd: options.dir }) as unknown as Entry[];
  return sortByPath(entries.map((entry) => listedEntry(entry, options)));
}

/** A listed entry: a file to keep, the file a symbolic link leads to, or nothing. */
function listedEntry(entry: Entry, options: ListOptions): ListedFile | undefined {
  if (reportedInvalidName(entry.path, options)) return undefined;
  if (entry.dirent.isFile()) return options.keep(entry.path) ? listed(entry.path, statSync(join(options.dir, entry.path), { bigint: true })) : undefined;
  return entry.dirent.isSymbolicLink() ? followLink(entry.path, options) : undefined;
}

/** A name that is not UTF-8 is listed with U+FFFD and cannot be opened: reported as an error (see ./read-text.ts). */
function reportedInvalidName(path: string, options: ListOptions): boolean {
  const problem = invalidFileName(options.dir, relative(options.siteDir, options.dir).split('\\').join('/'), path);
  if (problem) options.report(problem);
  return problem !== undefined;
}

/** A symbolic link: the file it leads to when that is a file inside the site, else a warning. */
function followLink(path: string, options: ListOptions): ListedFile | undefined {
  const link = join(options.dir, path);
  const shown = posix.join(relative(options.siteDir, options.dir).split('\\').join('/'), path);
  const skip = (why: string, hint: string) => {
    options.report({ severity: 'warning', code: 'symlink-skipped', message: `symbolic link ${shown} ${why}; it is skipped`, position: { file: shown }, hint });
    return undefined;
  };
  let real: string;
  try {
    real = realpathSync(link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return skip(code === 'ELOOP' ? 'loops back on itself' : 'leads to nothing', 'Remove the link, or point it at a file inside the site folder.');
  }
  if (!isInsideOrSame(real, realpathSync(options.siteDir))) {
    return skip(`leads outside the site folder (to ${real})`, 'Only files inside the site folder are published. Copy the file into content/ or static/ instead of linking to it.');
  }
  const stats = statSync(real, { bigint: true });
  if (stats.isDirectory()) {
    return skip('leads to a folder', 'Links to folders are not followed (they can loop back on themselves). Move or copy the folder into place instead.');
  }
  return stats.isFile() && options.keep(path) ? listed(path, stats) : undefined;
}

export function listed(path: string, stats: BigIntStats): ListedFile {
  return { path, stats: { size: Number(stats.size) }, stamp: stampOf(stats) };
}

function sortByPath(files: (ListedFile | undefined)[]): ListedFile[] {
  return files.filter((f): f is ListedFile => f !== undefined).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
