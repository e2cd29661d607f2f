// A doc page's search records are made once, from its rendered markdown's tree, on whichever
// thread rendered the page, for the address, title and section the page had then. A later build
// that reuses the page (the build cache) while its address, title or section changed (its
// category was renamed, the site's base URL is the same but its folder moved) relabels them:
// the page's HTML by then holds parts the sidebar adds (the cards of <DocCardList />), so records
// read again from it were not the records a build without the cache makes.
import { createHash } from 'node:crypto';
import type { SearchRecord } from '../../shared/search/record.ts';
import { extractRecords } from '../search/records.ts';
import { pageBody } from './page-body.ts';
import type { FileStore } from './file-store.ts';
import type { KeptRecordsFile } from '../search/fed-page.ts';

/** What a page's records say besides its body: every url starts with href, every record's lvl0 is section and lvl1 title. */
export interface RecordFields {
  href: string;
  title: string;
  section: string;
}

/**
 * A page's records, as JSON text, and the fields they were made for. Text, not objects: kept for
 * every page until the build cache is written, a page's records as objects were hundreds of small
 * strings and objects in the main thread's heap, which every garbage collection walked; as text
 * they are one string, stored and loaded by the build cache as it is, and parsed only where they
 * are read (the index worker takes the text itself).
 */
export interface KeptRecords {
  fields: RecordFields;
  json: string;
}

/** True when the kept records were made for these fields. */
export function madeFor(kept: { fields: RecordFields }, fields: RecordFields): boolean {
  const { href, title, section } = kept.fields;
  return href === fields.href && title === fields.title && section === fields.section;
}

/** The kept records as they read for `fields`: the same records when nothing changed, else relabelled. */
export function recordsFor(kept: KeptRecords, fields: RecordFields): SearchRecord[] {
  const list = JSON.parse(kept.json) as SearchRecord[];
  if (madeFor(kept, fields)) return list;
  const { href } = kept.fields;
  return list.map((record) => ({
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

/** A page's records as an entry of the markdown stage keeps them: as text, or in a file of the build cache's (`file` names it). */
export interface StoredRecords {
  fields: RecordFields;
  json?: string;
  file?: string;
}

/**
 * Keeps pages' records between builds. With the build cache on disk each page's records go to a
 * file of their own as soon as they are made (named by their hash, so an unchanged page's file
 * is written once), and the entry names it: the main thread no longer holds every page's
 * records until the end of the build (at 8,500 generated pages ~26 KB of JSON a page, most of
 * its heap), and the cache file no longer carries them.
 */
export class RecordsKeeper {
  constructor(private readonly files?: FileStore) {}

  keep(fields: RecordFields, json: string): StoredRecords {
    if (!this.files) return { fields, json };
    const file = createHash('sha1').update(json).digest('hex');
    this.files.write(file, json);
    return { fields, file };
  }

  /** The records as they were kept, made for `stored.fields`; undefined when their file is gone. */
  kept(stored: StoredRecords): KeptRecords | undefined {
    const json = stored.json ?? (stored.file !== undefined ? this.files?.read(stored.file)?.toString('utf8') : undefined);
    return json === undefined ? undefined : { fields: stored.fields, json };
  }

  /**
   * The file of kept records, for a reader on another thread (the index worker); none for records
   * kept as text, or whose file is gone (they are then made again, and kept again).
   */
  fileOf(stored: StoredRecords): KeptRecordsFile | undefined {
    if (stored.file === undefined || !this.files?.has(stored.file)) return undefined;
    return { path: this.files.pathOf(stored.file), hash: stored.file };
  }

  /** Once the build cache is written: removes the files of records no entry names. */
  finish(stored: Iterable<StoredRecords | undefined>): Promise<void> {
    const named = new Set<string>();
    for (const records of stored) if (records?.file) named.add(records.file);
    return this.files?.finish(named) ?? Promise.resolve();
  }
}
