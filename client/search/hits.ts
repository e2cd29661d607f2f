// What a hit shows, for both the modal and the search page: grouping by lvl0 (at most N per
// group, in order of first appearance, a page's heading hits gathered under it), and for each
// hit a title, its breadcrumb and a snippet, as safe HTML with <mark> tags only.
import type { SearchHit } from './types.ts';
import type { Hierarchy } from '../../shared/search/record.ts';
import type { StoredHit } from './stored-searches.ts';
import { plainText, safeMarkup } from './markup.ts';

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export interface HitGroup {
  name: string;
  hits: SearchHit[];
}

/** Groups by lvl0 as the reader sees it (marks removed), keeping the first `max` of each. */
export function groupHits(hits: SearchHit[], max: number): HitGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const lvl0 = hit._highlightResult?.hierarchy?.lvl0?.value;
    const name = lvl0 ? plainText(lvl0) : hit.hierarchy.lvl0;
    let list = groups.get(name);
    if (!list) groups.set(name, (list = []));
    if (list.length < max) list.push(hit);
  }
  // Within a group, hits of the same page stay together (first appearance decides the order).
  return [...groups].map(([name, list]) => {
    const pages = new Map<string, SearchHit[]>();
    for (const hit of list) {
      const key = hit.hierarchy.lvl1;
      pages.set(key, [...(pages.get(key) ?? []), hit]);
    }
    // Within a page, hits keep their rank: the first row is always the best answer, the one
    // Enter opens (a section can rank above its page's intro).
    return { name, hits: [...pages.values()].flat() };
  });
}

/** True when the hit sits under a page hit shown just before it (drawn as a child row). */
export function isChild(hit: SearchHit, index: number, list: SearchHit[]): boolean {
  if (hit.type === 'lvl1') return false;
  return list.slice(0, index).some((h) => h.type === 'lvl1' && h.hierarchy.lvl1 === hit.hierarchy.lvl1);
}

function levelOf(hit: SearchHit | StoredHit): number {
  if (hit.type !== 'content') return Number(hit.type.slice(3));
  let deepest = 1;
  for (let l = 2; l <= 6; l++) if (hit.hierarchy[`lvl${l}` as keyof Hierarchy]) deepest = l;
  return deepest;
}

/** A heading shows whole (highlighted); CSS ellipsis handles long ones, a snippet would cut words. */
function field(hit: SearchHit | StoredHit, key: keyof Hierarchy): string {
  const h = hit as SearchHit;
  const value = h._highlightResult?.hierarchy?.[key]?.value ?? h._snippetResult?.hierarchy?.[key]?.value ?? hit.hierarchy[key] ?? '';
  return safeMarkup(value);
}

export interface HitView {
  /** Safe HTML: the page or heading the hit is, "Lock is missing from the toolbar". */
  title: string;
  /** Safe HTML: where it sits, section › page › headings above it ("User docs › Lock a record › Troubleshooting"). */
  path: string;
  /** Safe HTML: a few words of its text around the match; empty when the hit has no text of its own. */
  snippet: string;
}

/**
 * What every row shows, whatever the hit's kind (page, heading or paragraph), in the modal and
 * on the search page alike: its title, its breadcrumb from the section down (as DocSearch's
 * breadcrumbs do) and a snippet.
 */
export function viewOf(hit: SearchHit | StoredHit): HitView {
  const level = levelOf(hit);
  const title = field(hit, `lvl${level}` as keyof Hierarchy);
  const path: string[] = [];
  for (let l = 0; l < level; l++) {
    const key = `lvl${l}` as keyof Hierarchy;
    if (hit.hierarchy[key]) path.push(field(hit, key));
  }
  // Content hits show their paragraph; heading hits too when the index gave one (local).
  const h = hit as SearchHit;
  const snippet = safeMarkup(h._snippetResult?.content?.value ?? h._highlightResult?.content?.value ?? hit.content ?? '');
  return { title, path: path.join(' › '), snippet };
}

/** The search page address for a query. */
export function searchPageUrl(baseUrl: string, searchPagePath: string, query: string): string {
  return `${baseUrl}${searchPagePath}?q=${encodeURIComponent(query)}`;
}
