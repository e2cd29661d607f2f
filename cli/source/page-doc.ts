// A page's doc from what reading the page found (its front matter, route, title, the hash of its
// text): the scan makes it when it reads the page, and again from the build cache when it does
// not (./scan-cache.ts), which keeps only that much of it. Everything else follows from them here.
import { join, posix } from 'node:path';
import type { FrontMatter } from './frontmatter.ts';
import type { SourceDoc } from './source-types.ts';

export interface PageReading {
  sourceHash: string;
  frontMatter: FrontMatter;
  route: string;
  title: string;
  hasExplicitTitle: boolean;
}

/** Where a production build keeps pages' texts out of the heap (../pipeline/text-spill.ts). */
export interface SourceSpill {
  move(doc: SourceDoc, key: 'source'): void;
  add<T extends object>(target: T, key: 'source', text: string): T & { source: string };
}

/**
 * `source`: the page's text (a doc made from the build cache gets a way to read it instead,
 * ./source-text.ts); `spill`: a production build's, which keeps it out of the heap.
 */
export function docOf(contentDir: string, relPath: string, reading: PageReading, source: string, spill?: SourceSpill): SourceDoc {
  const { sourceHash, frontMatter, route, title, hasExplicitTitle } = reading;
  const doc: Omit<SourceDoc, 'source'> = {
    id: relPath.replace(/\.md$/, ''),
    relPath,
    displayPath: posix.join('content', relPath),
    absPath: join(contentDir, relPath),
    dir: pageDir(relPath),
    sourceHash,
    frontMatter,
    route,
    title,
    hasExplicitTitle,
    description: frontMatter.description?.trim() ?? '',
    sidebarLabel: frontMatter.sidebar_label ?? title,
    position: frontMatter.sidebar_position,
  };
  // Added last, so the spill keeps the doc a fast object (../pipeline/text-spill.ts).
  return spill ? spill.add(doc, 'source', source) : Object.assign(doc, { source });
}

/** A page's folder under content/ ("" at the top). */
export function pageDir(relPath: string): string {
  const dir = posix.dirname(relPath);
  return dir === '.' ? '' : dir;
}

/**
 * Whether JSON keeps the front matter as it is (the build cache stores it as JSON, which parses
 * far faster than v8's format): YAML's .inf, .nan and -0 would not survive it.
 */
export function survivesJson(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(survivesJson);
  if (value !== null && typeof value === 'object') return Object.values(value).every(survivesJson);
  return value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean';
}
