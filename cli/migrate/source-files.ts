// The files of a source site's docs folder, in a stable order: its markdown pages and the rest
// (images, downloads). Hidden files and folders, node_modules and the generator's own folders
// are not part of a published site, so they are never copied.
import { lstatSync } from 'node:fs';
import { isAbsolute, join, posix } from 'node:path';
import fg from 'fast-glob';

export interface SourceFiles {
  /** Markdown pages, relative to the docs folder. */
  pages: string[];
  /** Every other file, relative to the docs folder. */
  others: string[];
  /** Symbolic links, which are never copied: one could lead outside the site. */
  links: string[];
}

export async function listSourceFiles(docsDir: string, ignore: string[] = []): Promise<SourceFiles> {
  // Every entry, so that a symbolic link (to a file or a folder) is seen, and reported, not skipped unseen.
  const all = await fg('**/*', { cwd: docsDir, onlyFiles: false, markDirectories: true, dot: false, followSymbolicLinks: false, ignore: ['**/node_modules/**', ...ignore] });
  all.sort();
  const entries = all.filter((f) => !f.endsWith('/'));
  const links = entries.filter((f) => lstatSync(join(docsDir, f)).isSymbolicLink());
  const files = entries.filter((f) => !links.includes(f));
  return { pages: files.filter((f) => /\.md$/i.test(f)), others: files.filter((f) => !/\.md$/i.test(f)), links };
}

/** A folder setting ("docs", "./src") as a path inside the source folder, or undefined when it leads outside. */
export function folderInside(setting: string): string | undefined {
  if (isAbsolute(setting)) return undefined;
  const clean = posix.normalize(setting.replace(/\\/g, '/')).replace(/^\.(\/|$)|\/+$/g, '');
  return clean === '..' || clean.startsWith('../') ? undefined : clean;
}

/** The 1-based line of the first line matching `pattern` at or after line `from`, if any. */
export function lineOf(text: string, pattern: RegExp, from = 1): number | undefined {
  const lines = text.split(/\r?\n/);
  for (let i = from - 1; i < lines.length; i += 1) if (pattern.test(lines[i]!)) return i + 1;
  return undefined;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
