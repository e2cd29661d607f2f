// What every reader needs from the source folder: its files (never its dependencies or build
// output), and the line a setting is written on, for the report.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
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

/** The 1-based line of the first match of `pattern` in `text`, undefined when none. */
export function lineOf(text: string, pattern: RegExp | string): number | undefined {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line)));
  return index === -1 ? undefined : index + 1;
}

export const isMarkdown = (path: string) => /\.mdx?$/i.test(path);
