// The typo walk over the sorted vocabulary (client/search/engine/typo-walk.ts) finds exactly
// the terms a plain edit-distance table finds, term by term, with the same distances, in the
// order the engine sums them (lengths, then places): on the words of our own pages, probed with
// their own words, misspellings of them and words that are not there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { termsWithin } from '../../client/search/engine/typo-walk.ts';
import { repoRoot } from '../helpers/site.ts';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
}

const words = new Set<string>();
for (const file of markdownFiles(join(repoRoot, 'content'))) for (const w of readFileSync(file, 'utf8').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) words.add(w);
// Words that sort after every ASCII one, and beginnings of one another.
for (const w of ['zürich', 'été', 'ünter', 'x', 'xy', 'xyz', 'ｆｕｌｌ']) words.add(w);
const terms = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Levenshtein distance by the whole table. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

function plain(word: string, max: number): { places: number[]; distances: number[] } {
  const found = terms.map((t, place) => ({ place, length: t.length, d: distance(word, t) })).filter((f) => f.d <= max);
  found.sort((a, b) => a.length - b.length || a.place - b.place);
  return { places: found.map((f) => f.place), distances: found.map((f) => f.d) };
}

describe('typo walk', () => {
  it('has a real vocabulary to walk', () => {
    expect(terms.length).toBeGreaterThan(2000);
  });

  const probes = ['lock', 'locking', 'recrod', 'templat', 'permision', 'a', 'ab', 'zurich', 'ete', 'qqqq', 'formual', 'xyzw', 'iphone', 'spreadsheet'];
  // Every 40th word of our pages, and each with its first letter changed.
  for (let i = 0; i < terms.length; i += 40) probes.push(terms[i]!, `q${terms[i]!.slice(1)}`);

  it.each([1, 2])('finds what a table per term finds, at distance %i', (max) => {
    for (const word of probes) expect(termsWithin(terms, word, max), word).toEqual(plain(word, max));
  });
});
