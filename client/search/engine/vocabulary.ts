// The index's sorted terms (from the entry file), and which of them a lookup reaches: the term
// itself, the terms it starts (prefix) and the terms within its edit distance (typos), as
// MiniSearch finds them in its own tree. Knowing them before any shard is loaded is what lets
// the browser fetch only the shards that hold them.
import { frontDecode } from '../../../shared/search/index-format.ts';

export class Vocabulary {
  private readonly terms: string[];
  /** First term index of each shard. */
  private readonly shardStarts: number[] = [];
  /** Shards per lookup already answered (a reader types on; the benchmark repeats queries). */
  private readonly reached = new Map<string, number[]>();

  constructor(terms: string, shardSizes: readonly number[]) {
    this.terms = frontDecode(terms);
    let start = 0;
    for (const size of shardSizes) {
      this.shardStarts.push(start);
      start += size;
    }
  }

  /** The terms of one shard, in order. */
  shardTerms(shard: number): string[] {
    const start = this.shardStarts[shard]!;
    return this.terms.slice(start, this.shardStarts[shard + 1] ?? this.terms.length);
  }

  /** The shards holding every term a lookup of `term` reaches. */
  shardsFor(term: string, prefix: boolean, maxDistance: number, into: Set<number>): void {
    const key = `${prefix ? '*' : ''}${maxDistance} ${term}`;
    let shards = this.reached.get(key);
    if (!shards) {
      const found = new Set<number>();
      const first = this.lowerBound(term);
      if (this.terms[first] === term) found.add(this.shardOf(first));
      if (prefix) for (let i = first; i < this.terms.length && this.terms[i]!.startsWith(term); i++) found.add(this.shardOf(i));
      if (maxDistance > 0) {
        this.terms.forEach((candidate, i) => {
          if (Math.abs(candidate.length - term.length) <= maxDistance && withinDistance(term, candidate, maxDistance)) found.add(this.shardOf(i));
        });
      }
      this.reached.set(key, (shards = [...found]));
    }
    for (const shard of shards) into.add(shard);
  }

  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private shardOf(termIndex: number): number {
    let lo = 0;
    let hi = this.shardStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.shardStarts[mid]! <= termIndex) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** Levenshtein distance (insertions, deletions, substitutions) of a and b is at most max. */
export function withinDistance(a: string, b: string, max: number): boolean {
  if (b.length >= rowA.length) {
    rowA = new Uint16Array(b.length + 1);
    rowB = new Uint16Array(b.length + 1);
  }
  let previous = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return false; // every later row is at least this far
    [previous, row] = [row, previous];
  }
  return previous[b.length]! <= max;
}

/** The two rows withinDistance works in (terms are short: longer ones get larger rows). */
let rowA = new Uint16Array(64);
let rowB = new Uint16Array(64);
