// The local engine: word forms, typos, prefixes, stop words, ranking order, one answer per
// section, and Algolia-shaped hits with escaped, <mark>-only highlights and snippets.
import { beforeAll, describe, expect, it } from 'vitest';
import { stem } from '../../shared/search/stem.ts';
import { parseQuery } from '../../client/search/engine/query.ts';
import { highlight, snippet } from '../../client/search/engine/highlight.ts';
import { safeMarkup } from '../../client/search/markup.ts';
import type { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import { buildOnce } from '../helpers/site.ts';
import { engineFor, firstPage, searchSite } from './helpers.ts';

describe('stemming', () => {
  it.each([
    ['lock', 'locks', 'locked', 'locking'],
    ['create', 'creates', 'created', 'creating'],
    ['copy', 'copies', 'copied', 'copying'],
    ['setting', 'settings', 'set', 'sets'],
    ['match', 'matches', 'matched', 'matching'],
    ['add', 'adds', 'added', 'adding'],
  ])('%s, %s, %s and %s meet', (...forms) => {
    expect(new Set(forms.map(stem)).size).toBe(1);
  });
});

describe('parseQuery', () => {
  it('marks stop words, the word being typed, and the typos allowed by length', () => {
    const tokens = parseQuery('how do I lock recrods');
    expect(tokens.map((t) => [t.word, t.stop, t.prefix, t.typos])).toEqual([
      ['how', true, false, 0],
      ['do', true, false, 0],
      ['i', true, false, 0],
      ['lock', false, false, 1],
      ['recrods', false, true, 1],
    ]);
    expect(parseQuery('accessibility ').map((t) => [t.prefix, t.typos])).toEqual([[false, 2]]);
  });

  it('keeps a query made only of stop words', () => {
    expect(parseQuery('if').map((t) => t.stop)).toEqual([false]);
  });
});

describe('highlighting', () => {
  const match = (word: string) => (/^lock/i.test(word) ? 'lock' : undefined);

  it('escapes the text and marks only matching words', () => {
    expect(highlight('Lock <b>it</b> & locked', match, 1).value).toBe('<mark>Lock</mark> &lt;b&gt;it&lt;/b&gt; &amp; <mark>locked</mark>');
  });

  it('cuts snippets to N words around the matches with an ellipsis', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve locked thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty';
    const ten = snippet(text, match, 1, 10).value;
    expect(ten.startsWith('…')).toBe(true);
    expect(ten.endsWith('…')).toBe(true);
    expect(ten.replace(/…|<\/?mark>/g, '').trim().split(/\s+/)).toHaveLength(10);
    expect(ten).toContain('<mark>locked</mark>');
    expect(snippet(text, match, 1, 5).value.replace(/…|<\/?mark>/g, '').trim().split(/\s+/)).toHaveLength(5);
  });

  it('lets only balanced <mark> tags through safeMarkup', () => {
    expect(safeMarkup('<mark>a</mark> <img src=x onerror=alert(1)> &lt;b&gt;')).toBe('<mark>a</mark> &lt;img src=x onerror=alert(1)&gt; &lt;b&gt;');
    expect(safeMarkup('</mark><mark>open')).toBe('<mark>open</mark>');
  });
});

describe('the engine on a built site', () => {
  let engine: LocalSearchEngine;
  beforeAll(async () => {
    engine = engineFor(await buildOnce(searchSite)).engine;
  });
  const search = (query: string, snippetWords = 10) => engine.searchSync({ query, hitsPerPage: 20, snippetWords });

  it('finds word forms: "locking" and "locked" find the lock page', () => {
    expect(firstPage(engine, 'locking')).toBe('/support/guides/locking');
    expect(firstPage(engine, 'locked records')).toBe('/support/guides/locking');
  });

  it('tolerates typos (one from 4 letters, swapped letters too) and prefixes', () => {
    expect(firstPage(engine, 'exprot')).toBe('/support/guides/exporting');
    expect(firstPage(engine, 'formla')).toBe('/support/reference/formulas');
    expect(firstPage(engine, 'permisions')).toBe('/support/admin/roles');
    expect(firstPage(engine, 'expo')).toBe('/support/guides/exporting');
    expect(search('lok').nbHits).toBe(0); // three letters: no typo allowed
  });

  it('keeps stop words from drowning the query', () => {
    expect(firstPage(engine, 'how do I unlock a record')).toBe('/support/guides/locking');
    expect(search('how do I unlock a record').hits[0]!.url).toBe('/support/guides/locking#unlock-a-record');
  });

  it('still finds a title made of a stop word', () => {
    expect(firstPage(engine, 'if')).toBe('/support/reference/if');
  });

  it('ranks title and heading matches above body matches, and exact above typo', () => {
    const hits = search('lock').hits;
    expect(hits[0]!.type).toBe('lvl1');
    expect(hits[0]!.hierarchy.lvl1).toBe('Lock a record');
    // "spreadsheet" is only a keyword of the export page: description and keywords count.
    expect(firstPage(engine, 'spreadsheet')).toBe('/support/guides/exporting');
  });

  it('gives one answer per section', () => {
    const hits = search('widget setting').hits;
    const urls = hits.map((h) => h.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(search('widget setting').nbHits).toBeGreaterThan(20);
  });

  it('returns Algolia-shaped hits', () => {
    const answer = search('one record per row');
    expect(answer.queryID).toMatch(/^[0-9a-f]{8}$/);
    const hit = answer.hits[0]!;
    expect(hit).toMatchObject({
      objectID: '/support/guides/exporting#export-to-csv~1',
      type: 'content',
      url: '/support/guides/exporting#export-to-csv',
      hierarchy: { lvl0: 'Guides', lvl1: 'Export records', lvl2: 'Export to CSV', lvl3: null },
      content: 'Select Export, then CSV. The file lists one record per row.',
    });
    expect(hit._highlightResult!.content!.value).toBe('Select Export, then CSV. The file lists <mark>one</mark> <mark>record</mark> <mark>per</mark> <mark>row</mark>.');
    expect(hit._highlightResult!.content!.matchLevel).toBe('full');
    expect(hit._highlightResult!.content!.matchedWords).toEqual(['one', 'record', 'per', 'row']);
    expect(hit._snippetResult!.content!.value).toBe('…Export, then CSV. The file lists <mark>one</mark> <mark>record</mark> <mark>per</mark> <mark>row</mark>');
    // A heading hit carries its heading highlighted.
    const heading = search('export to csv').hits[0]!;
    expect(heading.type).toBe('lvl2');
    expect(heading._highlightResult!.hierarchy!.lvl2!.value).toBe('<mark>Export</mark> to <mark>CSV</mark>');
    expect(hit._highlightResult!.hierarchy!.lvl0!.value).toBe('Guides');
  });

  it('escapes text from the index in highlights', () => {
    const hit = search('big').hits.find((h) => h.type === 'content')!;
    expect(hit._highlightResult!.content!.value).toContain('&lt;b&gt;<mark>big</mark>&lt;/b&gt;');
    expect(hit._highlightResult!.content!.value).not.toMatch(/<(?!\/?mark>)/);
  });

  it('cuts content snippets to 5 words for small screens', () => {
    const hit = search('colour', 5).hits.find((h) => h.type === 'content')!;
    expect(hit._snippetResult!.content!.value.replace(/…|<\/?mark>/g, '').trim().split(/\s+/).length).toBeLessThanOrEqual(5);
  });

  it('pages and filters by top-level section', () => {
    const first = engine.searchSync({ query: 'widget', hitsPerPage: 20, page: 0, snippetWords: 10 });
    const second = engine.searchSync({ query: 'widget', hitsPerPage: 20, page: 1, snippetWords: 10 });
    expect(second.hits.length).toBeGreaterThan(0);
    expect(second.hits.some((h) => first.hits.some((f) => f.objectID === h.objectID))).toBe(false);
    const admin = engine.searchSync({ query: 'role', hitsPerPage: 20, snippetWords: 10, section: 'Administration' });
    expect(admin.hits.every((h) => h.hierarchy.lvl0 === 'Administration')).toBe(true);
    expect(first.sections).toMatchObject({ Guides: expect.any(Number) });
  });
});
