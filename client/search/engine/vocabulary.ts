// The index's sorted terms (from the entry file), and which of them a lookup reaches: the term
// itself, the terms it starts (prefix) and the terms within its edit distance (typos), as
// MiniSearch finds them in its own tree. Knowing them before any shard is loaded is what lets
// the browser fetch only the shards that hold them.

export class Vocabulary {
  private readonly terms: string[];
  /** First term index of each shard. */
  private readonly shardStarts: number[] = [];

  constructor(terms: string, shardSizes: readonly number[]) {
    this.terms = terms ? terms.split(' ') : [];
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
    const first = this.lowerBound(term);
    if (this.terms[first] === term) into.add(this.shardOf(first));
    if (prefix) for (let i = first; i < this.terms.length && this.terms[i]!.startsWith(term); i++) into.add(this.shardOf(i));
    if (maxDistance > 0) {
      this.terms.forEach((candidate, i) => {
        if (Math.abs(candidate.length - term.length) <= maxDistance && withinDistance(term, candidate, maxDistance)) into.add(this.shardOf(i));
      });
    }
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
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return false; // every later row is at least this far
    previous = row;
  }
  return previous[b.length]! <= max;
}
