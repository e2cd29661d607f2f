// What a kind of page (a doc, a category index, the search page, the not-found page …) says about
// itself: how its pages are collected, where each is written, and what the link check knows of
// it. Every kind renders through the templates (templates/render.tsx picks the component by
// `kind`). The kinds are listed once, in ./registry.ts; adding one is a new file here, its entry
// there, and its template.
import type { PageData } from '../../../shared/types.ts';
import type { ResolvedConfig } from '../../config/schema.ts';
import type { RecordedLink } from '../../markdown/context.ts';
import type { PageFiles } from '../../source/routes.ts';
import type { SourceDoc } from '../../source/scan.ts';
import type { ScannedSite } from '../stages/scan.ts';
import type { DocMarkdown } from '../body-facts.ts';

/** What kinds collect their pages from. */
export interface PageSources {
  config: ResolvedConfig;
  scanned: ScannedSite;
  /** Each doc's rendered markdown and its facts, by doc id; empty before the markdown stage. */
  markdown: Map<string, DocMarkdown>;
  /** Last-updated dates by path under content/ (when the site shows them). */
  dates: Map<string, string>;
}

/** A page as the link check sees it, besides its HTML. */
export interface LinkCheckView {
  /** The markdown file it comes from, for messages. */
  source?: SourceDoc;
  /** The markdown body exactly as the page holds it, and the links recorded in it. */
  body?: string;
  links: RecordedLink[];
  /** Ids a link to this page may name after "#"; undefined: anchors to it are not checked. */
  anchors?: Set<string>;
}

export interface PageKind<P extends PageData = PageData> {
  readonly kind: P['kind'];
  /** True when the pages need their markdown rendered first; other kinds are collected as soon as the content is scanned. */
  readonly afterMarkdown: boolean;
  /** This kind's pages, in the order they are written. */
  collect(from: PageSources): P[];
  /** Where the page's HTML goes: paths under the output folder, in the config's page layout. */
  outputPaths(page: P, base: string, layout: PageFiles): string[];
  /** What the link check knows of the page. */
  linkCheck(page: P, from: PageSources): LinkCheckView;
}
