// Every markdown file under a folder, in name order: the pages of a site the bench measures.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function listMarkdown(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
