// The files of a source site's docs folder, in a stable order: its markdown pages and the rest
// (images, downloads). Hidden files and folders, node_modules and the generator's own folders
// are not part of a published site, so they are never copied.
import fg from 'fast-glob';

export interface SourceFiles {
  /** Markdown pages, relative to the docs folder. */
  pages: string[];
  /** Every other file, relative to the docs folder. */
  others: string[];
}

export async function listSourceFiles(docsDir: string, ignore: string[] = []): Promise<SourceFiles> {
  const all = await fg('**/*', { cwd: docsDir, onlyFiles: true, dot: false, followSymbolicLinks: false, ignore: ['**/node_modules/**', ...ignore] });
  all.sort();
  return { pages: all.filter((f) => /\.md$/i.test(f)), others: all.filter((f) => !/\.md$/i.test(f)) };
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
