// What every reader needs from the source folder: its files (never its dependencies, its
// generator's build output or hidden files), folder settings kept inside it, and the line a
// setting is written on, for the report.
import { lstatSync } from 'node:fs';
import { isAbsolute, join, posix } from 'node:path';
import fg from 'fast-glob';

const NEVER = ['**/node_modules/**', '**/.git/**', '**/build/**', '**/.docusaurus/**', '**/book/**', '**/site/**'];

/**
 * Files under `cwd` matching `patterns`, sorted so plans are the same on every run. Symbolic
 * links are left out: one could lead outside the source, and a copy would carry that file along.
 */
export function listFiles(cwd: string, patterns: string[], ignore: string[] = []): string[] {
  return fg
    .sync(patterns, { cwd, ignore: [...NEVER, ...ignore], dot: false, onlyFiles: true, followSymbolicLinks: false })
    .filter((file) => !lstatSync(join(cwd, file)).isSymbolicLink())
    .sort();
}

export interface SourceFiles {
  /** Markdown pages, relative to the docs folder. */
  pages: string[];
  /** Every other file, relative to the docs folder. */
  others: string[];
  /** Symbolic links, which are never copied (one could lead outside the site): listed to be reported. */
  links: string[];
}

/** A docs folder's pages and other files, with its symbolic links named apart. */
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

/** The 1-based line of the first line at or after line `from` that matches `pattern` (or contains it), if any. */
export function lineOf(text: string, pattern: RegExp | string, from = 1): number | undefined {
  const lines = text.split(/\r?\n/);
  for (let i = from - 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line)) return i + 1;
  }
  return undefined;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const isMarkdown = (path: string) => /\.mdx?$/i.test(path);
