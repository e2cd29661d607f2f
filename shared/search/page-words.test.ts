import { describe, expect, it } from 'vitest';
import { CODE_DIGITS, decodeNames, decodePage, decodeText, encodePage, encodeText, foldedWord, wordCodes, wordsFile, wordsOf, WORD_SLOTS } from './page-words.ts';
import type { PageFile } from './page-file.ts';

/** A dictionary with words in the first, a middle and the last slot, and a word that needs its case kept. */
function dictionary(): (string | undefined)[] {
  const slots: (string | undefined)[] = new Array(WORD_SLOTS).fill(undefined);
  slots[0] = 'record';
  slots[1] = 'lock';
  slots[1234] = 'iPhone';
  slots[WORD_SLOTS - 1] = 'zap';
  slots[77] = 'LOCK';
  return slots;
}

const HOSTILE = [
  '',
  '`',
  '~',
  '``',
  '~~',
  '`~',
  '~`',
  '`aa',
  '~aa',
  '``aa',
  '`~ab',
  'a`',
  'lock`',
  '`lock',
  '~Lock~',
  // every code shape: a marker before each pair of code digits, at the end, before letters
  ...[...CODE_DIGITS].flatMap((d) => [`\`${d}${d}`, `~${d}9`, `x\`${d}`, `\`${d}`]),
  'Lock the record, then LOCK it; Locks, locked, RECORD, Record, rEcord, iPhone, IPhone, iphone.',
  'A a aa A. a zap Zap ZAP zapzap',
  'lockrecord recordlock lock1 1lock _lock_ lock-record',
  'Ünïcödé lock — “record” ’s 🔒lock🔒 record\u0000lock\u2028',
  'JSON: "lock" \\ \\" \n\t record',
];

describe('page file word dictionary', () => {
  const slots = dictionary();
  const codes = wordCodes(slots);
  const words = wordsOf(wordsFile(slots));

  it('round-trips any text exactly', () => {
    for (const text of HOSTILE) {
      const encoded = encodeText(text, codes);
      expect(decodeText(encoded, words), JSON.stringify(text)).toBe(text);
      // Through the JSON the files are written in, too.
      expect(decodeText(JSON.parse(JSON.stringify(encoded)) as string, words)).toBe(text);
    }
  });

  it('writes the dictionary words as codes of three characters', () => {
    expect(encodeText('lock the record', codes)).toBe('`ab the `aa');
    expect(encodeText('Lock', codes)).toBe('~ab');
    expect(encodeText('LOCK', codes)).toBe(`\`${CODE_DIGITS[1]}${CODE_DIGITS[77 - CODE_DIGITS.length]}`);
    expect(encodeText('locks', codes)).toBe('locks'); // only whole words
    expect(encodeText('Zap`', codes)).toBe('~99``'); // the last slot
    expect(encodeText('IPhone', codes)).toBe('IPhone'); // not the word's own case, nor a capital of it
  });

  it('keeps each slot in the file, up to the last one used', () => {
    expect(words.length).toBe(WORD_SLOTS);
    expect(words[1234]).toBe('iPhone');
    expect(words[2]).toBe('');
    expect(wordsOf(wordsFile(new Array(WORD_SLOTS).fill(undefined)))).toEqual([]);
    expect(decodeText('no codes', [])).toBe('no codes');
  });

  it('folds only a capital first letter', () => {
    expect(['Lock', 'LOCK', 'lock', 'iPhone', 'A', 'LoCk'].map(foldedWord)).toEqual(['lock', 'LOCK', 'lock', 'iPhone', 'a', 'LoCk']);
  });

  it('round-trips a page file and leaves its address, levels and anchors alone', () => {
    const page: PageFile = ['/support/lock`~', 'Lock a record', '12', [1, 'lock'], [['The record is `locked`.'], ['Lock', '~', '']]];
    const encoded = encodePage(page, codes);
    expect(encoded[0]).toBe(page[0]);
    expect(encoded[3]).toEqual(page[3]);
    expect(encoded[1]).toBe('~ab a `aa');
    expect(decodePage(encoded, words)).toEqual(page);
  });

  it("decodes a page's title and headings first, and its paragraphs when asked", () => {
    const page: PageFile = ['/support/a', 'Lock `it`', '122', [], [['Lock ~'], ['The record', 'lock `'], ['Record', '']]];
    const names = decodeNames(encodePage(page, codes), words);
    expect(names[1]).toBe(page[1]);
    expect(names[4].map((section, i) => (i === 0 ? section.map((text) => decodeText(text, words)) : [section[0], ...section.slice(1).map((text) => decodeText(text, words))]))).toEqual(page[4]);
    expect(names[4][1]![0]).toBe('The record');
    expect(names[4][1]![1]).toBe('`ab ``');
  });

  it('fails with advice when a code is unknown', () => {
    expect(() => decodeText('`ac', words)).toThrow(/unknown word code.*rebuild the site/);
    expect(() => decodeText('x`a', words)).toThrow(/unknown word code/);
    expect(() => decodeText('~', words)).toThrow(/unknown word code/);
  });
});
