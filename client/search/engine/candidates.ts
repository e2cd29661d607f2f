// The sections a query matched, with their scores, in flat arrays indexed by section (a common
// word matches thousands of sections: no object per section). Used by engine.ts, which decides
// the scores; final-pass.ts finishes them and picks the best.
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
  /** The most meaningful words any section matched. */
  best = 0;
  /** 1 for the sections in `list` (kept zeroed but for them). */
  readonly seen: Uint8Array;

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
    // Runs once per query word over every section it matched (17,000 for "locking" at 8,500
    // pages), usually cold: the arrays are read into locals, not through `this`.
    const { docs, count } = matches;
    const { seen, list, score, words, inTitle, inHeading } = this;
    const found = this.fields;
    const wordScores = matches.score;
    const wordFields = matches.fields;
    let n = this.count;
    let best = this.best;
    for (let j = 0; j < count; j++) {
      const doc = docs[j]!;
      // Each floating-point operation costs an allocation in cold code: none that changes nothing.
      const wordScore = weight === 1 ? wordScores[doc]! : wordScores[doc]! * weight;
      const fields = wordFields[doc]!;
      if (seen[doc] === 0) {
        seen[doc] = 1;
        list[n++] = doc;
        score[doc] = wordScore;
        words[doc] = 0;
        inTitle[doc] = 0;
        inHeading[doc] = 0;
        found[doc] = 0;
      } else score[doc]! += wordScore;
      found[doc]! |= fields;
      if (meaningful) {
        const matched = ++words[doc]!;
        if (matched > best) best = matched;
        if (fields & titleBits) inTitle[doc]!++;
        if (fields & headingBits) inHeading[doc]!++;
      }
    }
    this.count = n;
    this.best = best;
  }

  /** Forgets every section (the arrays are reused by the next query). */
  reset(): void {
    // Many sections: clearing the whole array (native) beats visiting each (interpreted, when cold).
    if (this.count > this.seen.length >> 4) this.seen.fill(0);
    else for (let j = 0; j < this.count; j++) this.seen[this.list[j]!] = 0;
    this.count = 0;
    this.best = 0;
  }
}
