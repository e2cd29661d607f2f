import { describe, expect, it } from 'vitest';
import { nextWordStart, wordEnd } from './word-scan.ts';
import { tokenize, words } from './text.ts';

/** What the scanner stands in for (see word-scan.ts). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const byRegex = (text: string) => [...text.matchAll(WORD)].map((m) => [m[0], m.index] as const);
const byScanner = (text: string) => words(text).map((w) => [w.text, w.start] as const);

describe('the word scanner', () => {
  it.each([
    ['plain words', 'Lock a record, then unlock it.'],
    ['digits and mixed tokens', '3.5 1,000 $20 v2.1 2FA 10x user@example.com https://ordo.app/x?y=1'],
    ['apostrophes', "it's don’t rock'n'roll 'quoted' '90s it's2 o'clock x'y'z ' ’ a' b’ 5'a 5'6 l’été"],
    ['accents and other scripts', 'Café naïve résumé Ærø straße İstanbul ĳ ﬁle Ω μ ½ ² Ⅻ ٣ ४'],
    ['combining marks', 'e\u0301te\u0301 cafe\u0301 a\u0308b n\u0303'],
    ['CJK and kana', '数据表 データベース 한국어 漢字かな交じり文 中文，标点。'],
    ['astral letters and digits', '𝐀𝐁𝐂 𝟙𝟚 𠀀𠀁 a😀b 😀'],
    ['lone surrogates', `a\ud800b \udc00c d\ud800 \ud800`],
    ['punctuation and symbols only', '— “” ‘’ … → ─│┼ ×÷ ƒ'],
    ['empty', ''],
  ])('splits %s as the regular expression does', (_, text) => {
    expect(byScanner(text)).toEqual(byRegex(text));
    expect(tokenize(text)).toEqual(byRegex(text).map(([word]) => word));
  });

  it('splits every single character as the regular expression does, alone and between letters', () => {
    for (let c = 0; c < 0x10000; c++) {
      const char = String.fromCharCode(c);
      for (const text of [char, `a${char}b`, `1${char}2`, `a'${char}`, `${char}'b`]) {
        const expected = byRegex(text);
        const actual = byScanner(text);
        if (actual.length !== expected.length || actual.some(([w, s], i) => w !== expected[i]![0] || s !== expected[i]![1])) expect([text, actual]).toEqual([text, expected]);
      }
    }
  });

  it('finds the next word from any position, and where it ends', () => {
    const text = 'ab, “cd’ef” 12';
    expect(nextWordStart(text, 0)).toBe(0);
    expect(nextWordStart(text, 1)).toBe(1);
    expect(nextWordStart(text, 2)).toBe(5);
    expect(wordEnd(text, 5)).toBe(10);
    expect(nextWordStart(text, 10)).toBe(12);
    expect(wordEnd(text, 12)).toBe(14);
    expect(nextWordStart(text, 14)).toBe(-1);
  });
});
