// The shapes a scan of content/ produces (./scan.ts), in a module of their own so that the
// modules scan.ts calls (category groups, generated indexes, output claims) can name them
// without importing scan.ts back.
import type { FrontMatter } from './frontmatter.ts';
import type { SummaryEntry } from './mdbook-summary.ts';

export interface CategoryGrouping {
  /** The front matter field whose value names a page's group. */
  field: string;
  /** Group labels in the order they are shown. */
  order: string[];
}

export interface SourceDoc {
  /** Path under content/ without extension: "user-docs/records/locking". */
  id: string;
  /** Path under content/: "user-docs/records/locking.md". */
  relPath: string;
  /** Path shown to writers in messages: "content/user-docs/records/locking.md". */
  displayPath: string;
  absPath: string;
  /** Folder under content/ ("" at the root). */
  dir: string;
  source: string;
  /**
   * SHA-1 of `source`, made when the page is read and kept with the file's stamp: what tells a
   * later stage (the markdown cache) that the text is the same without reading it.
   */
  sourceHash: string;
  frontMatter: FrontMatter;
  route: string;
  title: string;
  /** True when the title came from front matter (not from an h1 or the file name). */
  hasExplicitTitle: boolean;
  description: string;
  sidebarLabel: string;
  position?: number;
}

export interface SourceCategory {
  /** Folder under content/: "user-docs/templates/cell types". */
  dir: string;
  label: string;
  position?: number;
  description: string;
  collapsed: boolean;
  /** Route of the generated index page, when the category has one. */
  indexRoute?: string;
  /** Doc id the category links to, for link type "doc". */
  linkDocId?: string;
  /** "link": null in _category_.json: no page of its own, so pages carry its entries in full. */
  noLink?: boolean;
  /** Group the index page's cards by this front matter field, groups in this order (link.groupBy, link.groups). */
  groupBy?: CategoryGrouping;
  displayPath?: string;
  /** The "link.slug" of _category_.json as written, and where, for messages about the address it gives. */
  linkSlug?: { value: string; position: { line: number; column: number } | undefined };
}

export interface SiteSource {
  contentDir: string;
  docs: SourceDoc[];
  categories: Map<string, SourceCategory>;
  /** mdBook's SUMMARY.md at the top of content/, read as the sidebar's order (it is no page itself). */
  summary?: SummaryEntry[];
}
