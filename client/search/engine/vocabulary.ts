// The index's sorted terms (from the entry file), and which of them a lookup reaches: the term
// itself, the terms it starts (prefix) and the terms within its edit distance (typos). Knowing
// them before any shard is loaded is what lets the browser fetch only the shards that hold
// them; the engine then scores exactly those terms (postings.ts).
import { frontDecode } from '../../../shared/search/index-format.ts';
import { termsWithin } from './typo-walk.ts';

/**
 * The terms one lookup reaches, by their place in the sorted vocabulary: the term itself
 * (-1 when it is not a term), the range of longer terms it starts (prefix lookups only), and
 * the terms within the typo distance that are neither (with their distance), as MiniSearch's
 * own search reached them: a term both started and within reach counts as a prefix.
 */
export interface Reach {
  exact: number;
  prefixFrom: number;
  prefixTo: number;
  typos: number[];
  distances: number[];
}

export class Vocabulary {
  readonly terms: string[];
  /** First term index of each shard. */
  private readonly shardStarts: number[] = [];
  /** Lookups already answered (a reader types on; the engine lists a query's lookups twice). */
  private readonly reached = new Map<string, Reach>();

  constructor(terms: string, shardSizes: readonly number[]) {
    this.terms = frontDecode(terms);
    let start = 0;
    for (const size of shardSizes) {
      this.shardStarts.push(start);
      start += size;
    }
  }

  get size(): number {
    return this.terms.length;
  }

  /** The place of each term of a shard, in order. */
  shardRange(shard: number): [from: number, to: number] {
    return [this.shardStarts[shard]!, this.shardStarts[shard + 1] ?? this.terms.length];
  }

  /** A shard's first term (which names its file). */
  firstTermOf(shard: number): string {
    return this.terms[this.shardStarts[shard]!]!;
  }

  /** The place of a term, or -1. */
  indexOf(term: string): number {
    const i = this.lowerBound(term);
    return this.terms[i] === term ? i : -1;
  }

  /** The terms a lookup of `term` reaches (see Reach), remembered. */
  reach(term: string, prefix: boolean, maxDistance: number): Reach {
    const key = `${prefix ? '*' : ''}${maxDistance} ${term}`;
    let reach = this.reached.get(key);
    if (!reach) {
      const first = this.lowerBound(term);
      const exact = this.terms[first] === term ? first : -1;
      let prefixFrom = first + (exact >= 0 ? 1 : 0);
      let prefixTo = prefixFrom;
      if (prefix) prefixTo = this.prefixEnd(term, prefixFrom);
      else prefixFrom = prefixTo = 0;
      const typos: number[] = [];
      const distances: number[] = [];
      if (maxDistance > 0) {
        const within = termsWithin(this.terms, term, maxDistance);
        within.places.forEach((i, n) => {
          if (i === exact || (i >= prefixFrom && i < prefixTo)) return;
          typos.push(i);
          distances.push(within.distances[n]!);
        });
      }
      if (this.reached.size > 5_000) this.reached.clear();
      this.reached.set(key, (reach = { exact, prefixFrom, prefixTo, typos, distances }));
    }
    return reach;
  }

  /**
   * The shards holding every term a lookup reaches: those of the term itself and its typos go
   * in `near`, those of the longer terms it starts (a prefix lookup) in `longer`.
   */
  shardsFor(term: string, prefix: boolean, maxDistance: number, near: Set<number>, longer: Set<number> = near): void {
    const { exact, prefixFrom, prefixTo, typos } = this.reach(term, prefix, maxDistance);
    if (exact >= 0) near.add(this.shardOf(exact));
    if (prefixTo > prefixFrom) {
      const last = this.shardOf(prefixTo - 1);
      for (let shard = this.shardOf(prefixFrom); shard <= last; shard++) longer.add(shard);
    }
    for (const i of typos) near.add(this.shardOf(i));
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

  /**
   * The place after the last term that starts with `term`, searching from `from` (where they
   * begin, being sorted): a binary search, as a short beginning ("l") starts a thousand terms.
   */
  private prefixEnd(term: string, from: number): number {
    let lo = from;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[mid]!.startsWith(term)) lo = mid + 1;
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
