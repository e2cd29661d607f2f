// A doc page's search records are made once, from its rendered markdown's tree, on whichever
// thread rendered the page, for the address, title and section the page had then. A later build
// that reuses the page (the build cache) while its address, title or section changed (its
// category was renamed, the site's base URL is the same but its folder moved) relabels them:
// the page's HTML by then holds parts the sidebar adds (the cards of <DocCardList />), so records
// read again from it were not the records a build without the cache makes.
import type { SearchRecord } from '../../shared/search/record.ts';
import { extractRecords } from '../search/records.ts';
import { pageBody } from './page-body.ts';

/** What a page's records say besides its body: every url starts with href, every record's lvl0 is section and lvl1 title. */
export interface RecordFields {
  href: string;
  title: string;
  section: string;
}

/** A page's records and the fields they were made for. */
export interface KeptRecords {
  fields: RecordFields;
  list: SearchRecord[];
}

/** The kept records as they read for `fields`: the same records when nothing changed, else relabelled. */
export function recordsFor(kept: KeptRecords, fields: RecordFields): SearchRecord[] {
  const { href, title, section } = kept.fields;
  if (href === fields.href && title === fields.title && section === fields.section) return kept.list;
  return kept.list.map((record) => ({
    ...record,
    objectID: fields.href + record.objectID.slice(href.length),
    url: fields.href + record.url.slice(href.length),
    hierarchy: { ...record.hierarchy, lvl0: fields.section, lvl1: fields.title },
  }));
}

/**
 * The records of a page whose records were not kept (the search index worker took them, and
 * then failed): made from the page's markdown HTML as rendered, before the sidebar adds its
 * parts, which gives the records its tree gave.
 */
export function recordsFromBody(fields: RecordFields, markdownHtml: string, hasExplicitTitle: boolean): SearchRecord[] {
  return extractRecords({ ...fields, html: pageBody(markdownHtml, hasExplicitTitle) });
}
