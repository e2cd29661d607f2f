// helpgen takes a page's title from `title:` in its front matter, and `build --strict` fails on
// a page without one. MkDocs and VitePress pages take theirs from their first heading, so a
// migrated page gets that heading's text as `title:` (read as helpgen reads headings), else
// the label the source's navigation gives it, else its file name.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { load } from 'js-yaml';
import { titleFromMarkdown } from '../source/page-title.ts';
import type { PageCopy } from './model.ts';

/** Sets `title` on each page copy whose source has none in its front matter. */
export function addPageTitles(sourceDir: string, pages: PageCopy[], fallbacks: (page: PageCopy, matter: Record<string, unknown>) => string | undefined = () => undefined): void {
  for (const page of pages) {
    const text = readFileSync(join(sourceDir, page.from), 'utf8');
    const matter = frontMatterOf(text);
    if (typeof matter.title === 'string' && matter.title.trim() !== '') continue;
    const label = typeof page.frontMatter.sidebar_label === 'string' ? page.frontMatter.sidebar_label : undefined;
    page.frontMatter.title = titleFromMarkdown(text) ?? fallbacks(page, matter) ?? label ?? fileTitle(page.from);
  }
}

/** The YAML front matter of a page, or nothing when it has none or it cannot be read. */
export function frontMatterOf(text: string): Record<string, unknown> {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  try {
    const data = block ? load(block[1]!) : undefined;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** "guides/first-record.md" → "First record"; an index page is named by its folder. */
function fileTitle(path: string): string {
  const name = posix.basename(path, posix.extname(path));
  const word = /^(index|README)$/i.test(name) ? posix.basename(posix.dirname(path)) : name;
  const text = word.replace(/[-_]+/g, ' ').trim() || 'Home';
  return text[0]!.toUpperCase() + text.slice(1);
}
