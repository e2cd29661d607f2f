// The index build splits text with a scanner (shared/search/word-scan.ts) where it used a
// regular expression, and finds each page file's dictionary words while it analyses the page's
// sections (cli/search/token-table.ts) where it scanned the page file's text again. Both must
// give exactly what they replaced, on our pages, on the generated corpus the benchmark builds,
// and on awkward text: the index files would differ otherwise, and a query would no longer
// split as the index did.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.ts';
import { analysePage, type IndexedPage } from '../../cli/search/local-index.ts';
import { pageWords } from '../../cli/search/page-words.ts';
import { dictionaryWords } from '../../cli/search/token-table.ts';
import { pageFile } from '../../shared/search/index-format.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { tokenize } from '../../shared/search/text.ts';

const repoRoot = join(import.meta.dirname, '..', '..');

/** What the scanner stands in for. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Our pages' markdown and the generated corpus's, by path. */
function texts(): [string, string][] {
  const ours = fg.sync('content/**/*.md', { cwd: repoRoot }).map((path): [string, string] => [path, readFileSync(join(repoRoot, path), 'utf8')]);
  const generated = generateCorpus({ pages: 300, seed: 7 }).files.map((file): [string, string] => [`generated/${file.path}`, file.contents]);
  return [...ours, ...generated];
}

/** A page of records from markdown: the text before the first heading is the intro, each "## " or "### " heading a section. */
function pageOf(path: string, markdown: string): IndexedPage {
  const href = `/support/${path.replace(/\.md$/, '')}`;
  const title = /^title:\s*(.+)$/m.exec(markdown)?.[1] ?? path;
  const hierarchy = { lvl0: 'Docs', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const record = (type: SearchRecord['type'], url: string, content: string | null, heading?: string): SearchRecord => ({ objectID: url, type, url, hierarchy: { ...hierarchy, ...(heading ? { [type]: heading } : {}) }, content });
  const [intro, ...rest] = markdown.split(/\n(?=#{2,3} )/);
  const records: SearchRecord[] = [record('lvl1', href, null)];
  const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  for (const p of paragraphs(intro!)) records.push(record('content', href, p));
  rest.forEach((part, n) => {
    const [headingLine, ...body] = part.split('\n');
    const level = headingLine!.startsWith('### ') ? 'lvl3' : 'lvl2';
    const url = `${href}#section-${n}`;
    records.push(record(level, url, null, headingLine!.replace(/^#+ /, '')));
    for (const p of paragraphs(body.join('\n'))) records.push(record('content', url, p));
  });
  return { href, title, section: 'Docs', description: '', keywords: [], records };
}

/** The dictionary words the analysis found in a page, as words. */
const analysedWords = (page: IndexedPage) => analysePage(page).words.map((id) => dictionaryWords.values[id]!).sort();

/** The dictionary words of the page's file, read from the file's text. */
function fileWords(page: IndexedPage): string[] {
  const { sections } = analysePage(page);
  return pageWords(pageFile(sections)).sort();
}

describe('the index build’s word analysis', () => {
  it('splits our pages and the generated corpus as the regular expression does', () => {
    const all = texts();
    expect(all.length).toBeGreaterThan(400);
    for (const [path, text] of all) expect([path, tokenize(text)]).toEqual([path, text.match(WORD) ?? []]);
  });

  it('finds each page file’s dictionary words while analysing the page, as a scan of the file finds them', () => {
    const pages = texts()
      .filter(([path]) => path.endsWith('.md'))
      .map(([path, text]) => pageOf(path, text));
    expect(pages.length).toBeGreaterThan(400);
    for (const page of pages) expect([page.href, analysedWords(page)]).toEqual([page.href, fileWords(page)]);
  });

  it('finds them in awkward text: digits, apostrophes, accents, capitals, other scripts, a title only', () => {
    const awkward = [
      'Café naïve résumé Ærø straße: cafés “quoted” it’s don’t rock\'n\'roll 3.5 v2.1 abc123def 2FA x86_64',
      'LOCK Lock lock iPhone IPhone McDonald ABCdef aBC データベース 数据表 𝐀𝐁𝐂 a😀bcd e\u0301te\u0301',
      'user@example.com https://ordo.app/records/locking?tab=history#top `code` ~tilde~',
    ].join('\n\n');
    const page = pageOf('awkward.md', `---\ntitle: Résumé of McDonald's iPhone app\n---\n${awkward}\n## ${awkward.slice(0, 60)}\n${awkward}\n### Only a heading`);
    const words = analysedWords(page);
    expect(words).toEqual(expect.arrayContaining(['Lock'.toLowerCase(), 'LOCK', 'iPhone', 'IPhone', 'caf', 'sum', 'abc', 'def', 'rock', 'roll', 'McDonald']));
    expect(words).toEqual(fileWords(page));
    // A page that is its title alone.
    const titleOnly: IndexedPage = { ...page, records: [page.records[0]!] };
    expect(analysedWords(titleOnly)).toEqual(fileWords(titleOnly));
  });
});
