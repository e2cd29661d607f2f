// What the markdown plugins share during one build: the pages that exist (for link rewriting),
// the assets to copy, and the place to report problems.
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { TocItem } from '../../shared/types.ts';
import type { MarkdownSettings } from './settings.ts';

/** What ids and names written in a page's raw HTML start with once sanitized (as on GitHub). */
export const USER_CONTENT_PREFIX = 'user-content-';

/** The site as the plugins see it: its settings (./settings.ts), its pages, and where files and problems go. */
export interface MarkdownSite extends MarkdownSettings {
  /** Doc route by path under content/ ("user-docs/records/locking.md"). */
  routeByRelPath: Map<string, string>;
  /**
   * The route of a markdown file a page links to (undefined when there is none). Plugins ask
   * through this rather than the map, so the build knows which routes a page depends on.
   */
  routeFor(relPath: string): string | undefined;
  /** Registers a file under content/ to be copied into assets; returns its public href. */
  addAsset(absPath: string): string | undefined;
  /** Whether a file a page refers to exists inside the site and may be published (the build cache remembers the ones that did not). */
  isFile(absPath: string): boolean;
  report(diagnostic: Diagnostic): void;
  /**
   * The page put this file's text into itself (an include: ./dialects/includes.ts), so the page
   * must be rendered again when the file changes.
   */
  includes?(absPath: string): void;
}

/** A link found in a page's markdown, kept for the link checks after rendering. */
export interface RecordedLink {
  /** Final href as written into the HTML (absolute path, maybe with #hash). */
  href: string;
  text: string;
  line?: number;
  column?: number;
  /**
   * A link to a .md file that is not there, reported already as broken-markdown-link with the
   * severity onBrokenMarkdownLinks gives it: the link check does not report it a second time.
   */
  missingMarkdown?: boolean;
}

/** Per-file results the plugins attach to vfile.data. */
export interface PageMarkdownData {
  toc: TocItem[];
  /** Every id on the page that an #anchor can target. */
  anchors: Set<string>;
  links: RecordedLink[];
  /** Headings and text for the search records, filled by the record extractor. */
  firstHeading?: string;
  /**
   * Ids written as "## Heading {#id}", by the heading's offset in the source. Kept out of the
   * tree until the sanitizer has run, which would prefix them like ids written in raw HTML.
   */
  headingIds?: Map<number, string>;
  /**
   * The page had components helpgen dropped (<ExampleRepl />): what they would have rendered,
   * ids included, is unknown, so #anchors into the page are not checked.
   */
  componentsDropped?: boolean;
  /**
   * What the page's content makes the browser load besides the shell (its diagrams' types,
   * layouts, math: ./diagram-needs.ts), sorted; a production build writes only the client
   * chunks some page needs (../render/client-chunks.ts).
   */
  clientFeatures?: string[];
}

/** Adds to what the page makes the browser load (PageMarkdownData.clientFeatures), kept sorted and unique. */
export function addClientFeatures(data: PageMarkdownData, features: Iterable<string>): void {
  data.clientFeatures = [...new Set([...(data.clientFeatures ?? []), ...features])].sort();
}

export interface DocFileData {
  /** Path under content/. */
  relPath: string;
  displayPath: string;
  route: string;
  markdown: PageMarkdownData;
}
