import { describe, expect, it } from 'vitest';
import type { PageFile } from '../../shared/search/page-file.ts';
import { decodePage, encodePage, homeSlot, WORD_SLOTS, wordCodes, wordsFile, wordsOf } from '../../shared/search/page-words.ts';
import { chooseWords as chooseFromWords, MAX_WORDS, pageWords } from './page-words.ts';

const chooseWords = (pages: readonly PageFile[]) => chooseFromWords(pages.map(pageWords));

const page = (title: string, ...paragraphs: string[]): PageFile => [`/support/${title.toLowerCase().replace(/ /g, '-')}`, title, '1', [], [paragraphs]];

/** Pages where "permissions" is on every page, "spreadsheet" on three, "uncommonly" on one. */
function site(): PageFile[] {
  return Array.from({ length: 6 }, (_, i) => page(`P${i}`, `Permissions ${i}.`, i < 3 ? 'A Spreadsheet or a spreadsheet.' : '', i === 0 ? 'uncommonly' : ''));
}

/** A different word of letters for each number: "word" and the number in base 26, written a to z. */
const letterWord = (n: number) => `word${[...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('')}`;

const chosen = (slots: (string | undefined)[]) => slots.filter((w): w is string => w !== undefined).sort();

describe('choosing the page files word dictionary', () => {
  it('takes the words that save more than they cost, each in its home slot, capitals folded', () => {
    const slots = chooseWords(site());
    // "uncommonly" is on one page; "P", "A" and "or" are too short to save anything.
    expect(chosen(slots)).toEqual(['permissions', 'spreadsheet']);
    expect(slots[homeSlot('permissions')]).toBe('permissions');
    expect(chooseWords(site())).toEqual(slots); // the same pages, the same dictionary
  });

  it('gives a word its home slot unless a word that saves more holds it, then the next free one', () => {
    // Two words with one home slot: find a pair among made-up words.
    const bySlot = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const word = letterWord(i);
      const other = bySlot.get(homeSlot(word));
      if (other) pair = [other, word];
      else bySlot.set(homeSlot(word), word);
    }
    const [often, less] = pair;
    const pages = Array.from({ length: 5 }, (_, i) => page(`P ${i}`, often, i < 3 ? less : ''));
    const slots = chooseWords(pages);
    expect(slots[homeSlot(often)]).toBe(often);
    expect(slots[(homeSlot(less) + 1) % WORD_SLOTS]).toBe(less);
  });

  it('keeps the other words in their slots when an edit adds a word or makes one commoner', () => {
    const before = chooseWords(site());
    const edited = site();
    edited[5]![4][0]!.push('A spreadsheet, with an uncommonly formula formula formula.');
    const after = chooseWords(edited);
    for (const word of chosen(before)) expect(after.indexOf(word), word).toBe(before.indexOf(word));
    expect(chosen(after)).toEqual(['permissions', 'spreadsheet', 'uncommonly']);
  });

  it('holds at most MAX_WORDS words, those that save most', () => {
    const words = Array.from({ length: MAX_WORDS + 50 }, (_, i) => letterWord(i));
    const pages = Array.from({ length: 3 }, (_, i) => page(`P ${i}`, words.join(' '), i === 0 ? '' : 'longerwordthansome'));
    const slots = chooseWords(pages);
    expect(chosen(slots).length).toBe(MAX_WORDS);
    expect(chosen(slots)).toContain('longerwordthansome');
  });

  it('writes page files that decode to what they were', () => {
    const slots = chooseWords(site());
    const words = wordsOf(JSON.parse(JSON.stringify(wordsFile(slots))) as string);
    for (const file of site()) {
      const encoded = encodePage(file, wordCodes(slots));
      expect(JSON.stringify(encoded).length).toBeLessThanOrEqual(JSON.stringify(file).length);
      expect(decodePage(JSON.parse(JSON.stringify(encoded)) as PageFile, words)).toEqual(file);
    }
  });
});
