// The local engine on a small index built in memory (as `helpgen build` writes it): ranking
// order between title, heading and body matches, exact words above typos and prefixes, every
// meaningful word above some of them, stop words that never decide, and one hit per section.
import { beforeAll, describe, expect, it } from 'vitest';
import { extractRecords } from '../../../cli/search/records.ts';
import { buildLocalIndexFiles } from '../../../cli/search/search-stage.ts';
import type { EntryFile } from '../../../shared/search/index-format.ts';
import { LocalSearchEngine } from './engine.ts';

interface Page {
  href: string;
  title: string;
  section: string;
  html: string;
}

const PAGES: Page[] = [
  { href: '/support/guides/locking', title: 'Locking records', section: 'Guides', html: '<p>Stop others from editing a record while you work on it.</p><h2 id="unlock">Unlocking a record</h2><p>An owner can unlock any record.</p>' },
  { href: '/support/guides/sharing', title: 'Sharing a sheet', section: 'Guides', html: '<p>Share a sheet with your team. Shared sheets can be locked by their owner.</p>' },
  { href: '/support/admin/roles', title: 'Roles and permissions', section: 'Admin', html: '<p>Roles decide who may edit, share or delete.</p><h2 id="owner">The owner role</h2><p>Every sheet has one owner.</p>' },
  { href: '/support/admin/audit', title: 'Audit history', section: 'Admin', html: '<p>Every change to a record is kept in its history, with who made it and when.</p>' },
  { href: '/support/api/filters', title: 'Filtering rows', section: 'API', html: '<p>Filter rows by any column. A filter on a locked column still applies.</p>' },
];

let engine: LocalSearchEngine;

beforeAll(() => {
  const pages = PAGES.map((page) => ({ ...page, description: '', keywords: [], records: extractRecords(page) }));
  const files = buildLocalIndexFiles(pages, (i) => pages[i]!.records);
  const byPath = new Map(files.files.map((file) => [file.path, file.json]));
  engine = new LocalSearchEngine(JSON.parse(files.indexJson) as EntryFile);
  engine.preload((path) => JSON.parse(byPath.get(path)!));
});

/** The hits' urls, in order. */
const urls = (query: string) => engine.searchSync({ query, hitsPerPage: 20, snippetWords: 10 }).hits.map((hit) => hit.url);

describe('the local engine', () => {
  it('ranks the page titled with the word above pages that only mention it', () => {
    const found = urls('locking');
    expect(found[0]).toBe('/support/guides/locking');
    expect(found).toContain('/support/guides/sharing'); // "locked", the same stem, in its text
    expect(found.indexOf('/support/guides/sharing')).toBeGreaterThan(0);
  });

  it('ranks a heading match above a body match, each section its own hit', () => {
    const found = urls('owner');
    expect(found[0]).toBe('/support/admin/roles#owner');
    expect(found).toContain('/support/guides/locking#unlock');
    expect(new Set(found).size).toBe(found.length);
  });

  it('finds a word with a typo, below the sections with the word as written', () => {
    expect(urls('histroy')[0]).toBe('/support/admin/audit');
    expect(urls('filtr')[0]).toBe('/support/api/filters');
    // "roles" and "rows" are one letter apart: each finds the other's page, after its own.
    expect(urls('roles')).toEqual(['/support/admin/roles', '/support/admin/roles#owner', '/support/api/filters']);
    expect(urls('rows')).toEqual(['/support/api/filters', '/support/admin/roles', '/support/admin/roles#owner']);
  });

  it('puts sections with every meaningful word above sections with some of them', () => {
    const found = urls('share sheet owner');
    expect(found[0]).toBe('/support/guides/sharing');
  });

  it('lets stop words nudge but never decide', () => {
    // "a" is in one heading with "record" ("Unlocking a record"): it comes first, and the other
    // sections with "record" still answer.
    expect(urls('a record')).toEqual(['/support/guides/locking#unlock', '/support/guides/locking', '/support/admin/audit']);
    expect(urls('how do I unlock a record')).toEqual(['/support/guides/locking#unlock']);
  });

  it('answers nothing for a word no page has', () => {
    expect(urls('zanzibar')).toEqual([]);
  });
});
