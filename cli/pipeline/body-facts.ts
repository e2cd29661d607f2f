// What a doc page needs of its rendered markdown body besides the body itself: its hash, the
// ids a #fragment may name, the id of the heading that became the page title, and whether it
// holds <DocCardList /> cards. Worked out once, when the body is rendered, and kept in the
// page's compact entry of the build cache (./stages/markdown.ts), so that a warm build takes an
// unchanged page's key (./stages/pages.ts), its link-check view and its ids as a link target
// without reading its body back or hashing it: at 8,500 pages reading and hashing every body,
// and reading every page's ids out of its HTML, was ~0.6 s of a one-page edit's build.
import { idsInHtml } from '../check/page-ids.ts';
import type { RenderedMarkdown } from '../markdown/pipeline.ts';
import { DOC_CARDS_MARKER } from '../markdown/plugins/remark-doc-cards.ts';
import { pageBody, titleHeadingId } from './page-body.ts';
import { bodyHash } from './markdown-bodies.ts';

export interface BodyFacts {
  /**
   * SHA-1 of the rendered markdown body, which names its file in the build cache
   * (./markdown-bodies.ts); undefined in a build without the cache.
   */
  hash?: string;
  /** SHA-1 of the JSON of its table of contents, when `hash` is there. */
  toc?: string;
  /** Whether the page's title came from its front matter (./page-body.ts keeps the body's first heading then). */
  explicitTitle: boolean;
  /** The id of the heading the page header's <h1> carries instead of the body (./page-body.ts). */
  titleId?: string;
  /**
   * Every id of the built page's body and header (../check/page-ids.ts), for #anchor checks;
   * undefined when they are the markdown's own anchors, in the same order (at 8,500 pages every
   * page's were: kept twice, they were 2 MB more of the cache file to read and write).
   */
  ids?: Set<string>;
  /** Whether the body has <DocCardList /> places, which the sidebar fills (./doc-card-list.ts). */
  cards: boolean;
}

/** A doc's rendered markdown, with its facts once the markdown stage has worked them out. */
export interface DocMarkdown extends RenderedMarkdown {
  facts?: BodyFacts;
}

/**
 * The facts of a doc's rendered markdown; `hashed`: with the hashes of its body and table of
 * contents (a build with the build cache, whose page keys take them instead of the page's). The page's body is this body without the heading that
 * became its title, with the card lists filled in: the cards have no ids (their labels and
 * addresses are escaped), so the ids are those of the body without them, and the title's.
 */
export function bodyFacts({ html, data }: RenderedMarkdown, explicitTitle: boolean, hashed: boolean): BodyFacts {
  const titleId = titleHeadingId(html, explicitTitle);
  const ids = idsInHtml(pageBody(html, explicitTitle), titleId === undefined ? [] : [titleId]);
  const hashes = hashed ? { hash: bodyHash(html), toc: bodyHash(JSON.stringify(data.toc)) } : {};
  return { ...hashes, explicitTitle, titleId, ids: sameInOrder(ids, data.anchors) ? undefined : ids, cards: html.includes(DOC_CARDS_MARKER) };
}

/** The ids of the page a doc's markdown makes, as its facts say. */
export function pageIds(facts: BodyFacts, md: RenderedMarkdown): Set<string> {
  return facts.ids ?? md.data.anchors;
}

function sameInOrder(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  const other = b.values();
  for (const id of a) if (other.next().value !== id) return false;
  return true;
}
