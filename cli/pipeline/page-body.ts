// A doc page's body as pages and search records show it. Without a title in its front matter a
// page takes its title from the heading it starts with (see ../source/page-title.ts), which the
// template then shows in the page header: the body drops that heading so it is not shown twice,
// and the header's <h1> takes the heading's id (generated or {#id}), so every link to it still
// lands (titleHeadingId). Shared by the build and its worker threads.
import type { SidebarItem } from '../../shared/types.ts';
import { decodeAttribute } from '../check/page-ids.ts';
import { fillDocCardLists } from './doc-card-list.ts';
import type { SpillRef } from './text-spill.ts';

// Empty anchors may come before it (<a id="old-name"></a>, kept: they are link targets).
const LEADING_HEADING = /^((?:\s*(?:<p>(?:\s*<a\s[^>]*><\/a>)*\s*<\/p>|<a\s[^>]*><\/a>))*)\s*<h([1-6])([^>]*)>[\s\S]*?<\/h\2>\s*/;
const ID_ATTRIBUTE = /\sid="([^"]*)"/;

export function pageBody(html: string, hasExplicitTitle: boolean): string {
  return hasExplicitTitle ? html : html.replace(LEADING_HEADING, '$1');
}

/** What a doc page's body is made of, for a thread that has the sidebar (docPageBody): its markdown, where a spill holds it. */
export interface DocBodyParts {
  markdown: SpillRef;
  hasExplicitTitle: boolean;
}

/** A doc page's body as its page shows it: pageBody, with the cards of its card lists, which come from the sidebar (./doc-card-list.ts). */
export function docPageBody(markdownHtml: string, hasExplicitTitle: boolean, sidebarItems: SidebarItem[], href: string): string {
  return fillDocCardLists(pageBody(markdownHtml, hasExplicitTitle), sidebarItems, href);
}

/** The id of the heading pageBody drops, which the page header's <h1> carries instead. */
export function titleHeadingId(html: string, hasExplicitTitle: boolean): string | undefined {
  if (hasExplicitTitle) return undefined;
  const attributes = LEADING_HEADING.exec(html)?.[3];
  const id = attributes && ID_ATTRIBUTE.exec(attributes)?.[1];
  return id ? decodeAttribute(id) : undefined;
}
