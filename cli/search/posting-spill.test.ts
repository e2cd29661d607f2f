import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BUCKETS, PostingSpill } from './posting-spill.ts';

const spillFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('helpgen-postings-')).sort();

describe('PostingSpill', () => {
  it('gives back each bucket\'s postings in the order they came, through its temporary file', () => {
    const before = spillFolders();
    const spill = new PostingSpill();
    const expected: number[][] = Array.from({ length: BUCKETS }, () => []);
    // Enough postings for every bucket to write several chunks to the file.
    for (let section = 0; section < 30_000; section++) {
      const frequencies: number[] = [];
      for (let n = 0; n < 6; n++) {
        const term = (section * 7 + n * 13) % 997;
        frequencies.push(term, n % 6, 1 + ((section + n) % 5));
        expected[term % BUCKETS]!.push(term, n % 6, section, 1 + ((section + n) % 5));
      }
      spill.add(section, frequencies);
    }
    expect(spillFolders().length).toBe(before.length + 1);
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const got: number[] = [];
      spill.forEach(bucket, (term, field, section, frequency) => got.push(term, field, section, frequency));
      expect(got).toEqual(expected[bucket]);
    }
    spill.close();
    expect(spillFolders()).toEqual(before);
    let empty = 0;
    spill.forEach(0, () => empty++);
    expect(empty).toBe(0);
  });
});
