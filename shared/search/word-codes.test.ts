import { describe, expect, it } from 'vitest';
import { WordCodes } from './word-codes.ts';

describe('the dictionary codes by word', () => {
  // Enough words that many share a place in the table and are found by probing.
  const words = Array.from({ length: 2000 }, (_, n) => `w${n.toString(36)}ord`);
  const codes = new WordCodes(words.map((word, n) => [word, `c${n}`]));

  it('finds every word where it stands in a text, and no other', () => {
    const text = ` ${words.join(' ')} `;
    let at = 1;
    words.forEach((word, n) => {
      expect(codes.codeAt(text, at, at + word.length, 0)).toBe(`c${n}`);
      // A word that starts or ends another is not it.
      expect(codes.codeAt(text, at, at + word.length - 1, 0)).toBeUndefined();
      expect(codes.codeAt(text, at - 1, at + word.length, 0)).toBeUndefined();
      at += word.length + 1;
    });
    expect(codes.codeAt('wzzzzzord', 0, 9, 0)).toBeUndefined();
  });

  it('reads the first letter folded when asked: "Word" is "word", "WORD" is not', () => {
    const lock = new WordCodes([['lock', 'ab'], ['LOCK', 'cd']]);
    expect(lock.codeAt('Lock', 0, 4, 32)).toBe('ab');
    expect(lock.codeAt('Lock', 0, 4, 0)).toBeUndefined();
    expect(lock.codeAt('LOCK', 0, 4, 0)).toBe('cd');
    expect(lock.codeAt('lock', 0, 4, 0)).toBe('ab');
  });
});
