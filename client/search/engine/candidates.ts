// The sections a query matched, with their scores, in flat arrays indexed by section (a common
// word matches thousands of sections: no object per section), and the best of them in order
// without sorting them all. Used by engine.ts, which decides the scores.
import type { TokenMatches } from './matcher.ts';

export class Candidates {
  readonly score: Float64Array;
  /** Meaningful query words matched. */
  readonly words: Uint8Array;
  /** Query words found in the section's own title, heading or keywords. */
  readonly inTitle: Uint8Array;
  /** Query words found in the section's own title or heading. */
  readonly inHeading: Uint8Array;
  /** Field bits any query word matched in. */
  readonly fields: Uint8Array;
  /** The sections, in the order found; `count` of them. */
  readonly list: Int32Array;
  count = 0;
  private readonly seen: Uint8Array;

  constructor(documentCount: number) {
    this.score = new Float64Array(documentCount);
    this.words = new Uint8Array(documentCount);
    this.inTitle = new Uint8Array(documentCount);
    this.inHeading = new Uint8Array(documentCount);
    this.fields = new Uint8Array(documentCount);
    this.list = new Int32Array(documentCount);
    this.seen = new Uint8Array(documentCount);
  }

  /**
   * Adds one query word's sections: its score times `weight`, and (a meaningful word) one more
   * word matched, in the title fields (`titleBits`) or heading fields (`headingBits`) or not.
   */
  add(matches: TokenMatches, weight: number, meaningful: boolean, titleBits: number, headingBits: number): void {
    const { docs, count } = matches;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      if (!this.seen[doc]) {
        this.seen[doc] = 1;
        this.list[this.count++] = doc;
        this.score[doc] = 0;
        this.words[doc] = 0;
        this.inTitle[doc] = 0;
        this.inHeading[doc] = 0;
        this.fields[doc] = 0;
      }
      const fields = matches.fields[doc]!;
      this.score[doc]! += matches.score[doc]! * weight;
      this.fields[doc]! |= fields;
      if (meaningful) {
        this.words[doc]!++;
        if (fields & titleBits) this.inTitle[doc]!++;
        if (fields & headingBits) this.inHeading[doc]!++;
      }
    }
  }

  /** Keeps only the sections that pass the test, in order. */
  keep(test: (doc: number) => boolean): void {
    let n = 0;
    for (let j = 0; j < this.count; j++) {
      const doc = this.list[j]!;
      if (test(doc)) this.list[n++] = doc;
      else this.seen[doc] = 0;
    }
    this.count = n;
  }

  /** Forgets every section (the arrays are reused by the next query). */
  reset(): void {
    for (let j = 0; j < this.count; j++) this.seen[this.list[j]!] = 0;
    this.count = 0;
  }

  /** True when a ranks before b: higher score, then lower section id. */
  before(a: number, b: number): boolean {
    const sa = this.score[a]!;
    const sb = this.score[b]!;
    return sa > sb || (sa === sb && a < b);
  }

  /** The best `k` sections, best first. */
  top(k: number): number[] {
    // A heap of the best k so far, the weakest at its root: each other section costs one comparison.
    const heap: number[] = [];
    const score = this.score;
    const worse = (i: number, j: number) => this.before(heap[j]!, heap[i]!);
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && worse(l, m)) m = l;
        if (r < heap.length && worse(r, m)) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    };
    // The test against the root is before(doc, root) written out: it runs for every section found.
    for (let j = 0; j < this.count && k > 0; j++) {
      const doc = this.list[j]!;
      if (heap.length < k) {
        heap.push(doc);
        for (let i = heap.length - 1; i > 0; ) {
          const parent = (i - 1) >> 1;
          if (!worse(i, parent)) break;
          [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
          i = parent;
        }
      } else if (score[doc]! > score[heap[0]!]! || (score[doc] === score[heap[0]!] && doc < heap[0]!)) {
        heap[0] = doc;
        down(0);
      }
    }
    return heap.sort((a, b) => (this.before(a, b) ? -1 : 1));
  }
}
