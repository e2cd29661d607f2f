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

  it('gives each term of a bucket its postings by field, in the order they came, as views of one typed array', () => {
    const spill = new PostingSpill();
    const fields = 6;
    const expected = new Map<number, number[][]>();
    for (let section = 0; section < 20_000; section++) {
      const frequencies: number[] = [];
      for (let n = 0; n < 5; n++) {
        const term = (section * 11 + n * 17) % 613;
        const field = (section + n) % fields;
        if (frequencies.some((value, at) => at % 3 === 0 && value === term && frequencies[at + 1] === field)) continue;
        frequencies.push(term, field, 1 + (n % 3));
        if (term % BUCKETS !== 5) continue;
        if (!expected.has(term)) expected.set(term, []);
        ((expected.get(term)!)[field] ??= []).push(section, 1 + (n % 3));
      }
      spill.add(section, frequencies);
    }
    const got = new Map<number, number[][]>();
    const buffers = new Set<ArrayBufferLike>();
    spill.forEachTerm(5, fields, (term, lists) => {
      const plain: number[][] = [];
      lists.forEach((list, field) => {
        plain[field] = Array.from(list);
        buffers.add(list.buffer);
      });
      got.set(term, plain);
    });
    // Terms in the order of their first posting, each field's list in section order.
    expect([...got.keys()]).toEqual([...expected.keys()]);
    expect([...got.values()]).toEqual([...expected.values()]);
    expect(buffers.size).toBe(1);
    spill.close();
  });
});
