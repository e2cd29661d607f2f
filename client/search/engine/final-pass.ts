// The last step of ranking, in one pass over the sections a query found (17,000 for "locking"
// at 8,500 pages, on a page just opened, so mostly run by the interpreter): drops the sections
// that miss too many words, applies the title bonuses and the share-of-words factors, counts
// the sections per group (the facets) and keeps the best `k` of the group asked for in a heap.
// It was six passes (and a closure call per section) before: each is a loop the engine runs
// cold. Used by engine.ts, which explains the factors.
import type { Candidates } from './candidates.ts';
import type { SectionName } from './index-store.ts';
import type { PostingIndex } from './postings.ts';
import { applyTitleBonus, type QueryWords } from './title-bonus.ts';

export interface FinalPass {
  /** Sections missing more words than this are dropped when others match more (0: none are). */
  needed: number;
  /** The most meaningful words a section matched (the share's denominator, at least 1). */
  best: number;
  /** Meaningful words in the query: a section with all of them in its title or heading gets `allInTitle`. */
  meaningful: number;
  inTitleBonus: number;
  allInTitle: number;
  /** Field bits that make a section a candidate for the title bonuses. */
  titleBits: number;
  words: QueryWords;
  postings: PostingIndex;
  nameOf: (doc: number) => SectionName;
  /** Each section's group, and the group asked for (-1: every group). */
  groupOf: Uint16Array;
  groupCount: number;
  group: number;
  /** How many of the best to keep. */
  k: number;
}

export interface FinalResult {
  /** Sections per group (all groups), and each group's best section (-1: none). */
  counts: Int32Array;
  bestOf: Int32Array;
  /** Sections kept in the group asked for. */
  hits: number;
  /** The best `k` of them, best first. */
  top: number[];
}

/** Finishes the scores of `found` (in place; it keeps only the sections kept) and picks the best. */
export function finalPass(found: Candidates, pass: FinalPass): FinalResult {
  const { list, score, words, inTitle, inHeading, fields, seen } = found;
  const { needed, best, meaningful, inTitleBonus, allInTitle, titleBits, groupOf, group, k } = pass;
  const counts = new Int32Array(pass.groupCount);
  const bestOf = new Int32Array(pass.groupCount).fill(-1);
  const heap = new Int32Array(Math.max(k, 1));
  // The share-of-words factor depends on two small counts only: computed once per pair, not per
  // section (cold code pays for every floating-point operation it runs).
  const stride = best + 1;
  const factors = new Float64Array(stride * stride);
  for (let w = 0; w <= best; w++) for (let t = 0; t <= best; t++) factors[w * stride + t] = (w / best) ** 2 * (1 + inTitleBonus * t);
  let size = 0;
  let hits = 0;
  let kept = 0;
  for (let j = 0; j < found.count; j++) {
    const doc = list[j]!;
    if (words[doc]! < needed) {
      seen[doc] = 0;
      continue;
    }
    list[kept++] = doc;
    if (fields[doc]! & titleBits) applyTitleBonus(doc, pass.nameOf(doc), pass.words, pass.postings, score);
    score[doc]! *= factors[words[doc]! * stride + inTitle[doc]!]!;
    if (meaningful > 0 && inHeading[doc] === meaningful) score[doc]! *= allInTitle;
    const s = score[doc]!;
    const g = groupOf[doc]!;
    counts[g]!++;
    const other = bestOf[g]!;
    if (other === -1 || s > score[other]! || (s === score[other] && doc < other)) bestOf[g] = doc;
    if (group >= 0 && g !== group) continue;
    hits++;
    if (k === 0) continue;
    if (size < k) {
      heap[size] = doc;
      up(heap, size++, score);
    } else if (s > score[heap[0]!]! || (s === score[heap[0]!] && doc < heap[0]!)) {
      heap[0] = doc;
      down(heap, size, score);
    }
  }
  found.count = kept;
  const top = Array.from(heap.subarray(0, size)).sort((a, b) => (before(score, a, b) ? -1 : 1));
  return { counts, bestOf, hits, top };
}

/** True when a ranks before b: higher score, then lower section id. */
export function before(score: Float64Array, a: number, b: number): boolean {
  const sa = score[a]!;
  const sb = score[b]!;
  return sa > sb || (sa === sb && a < b);
}

// A heap of the best k so far, the weakest at its root.
function up(heap: Int32Array, i: number, score: Float64Array): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(score, heap[parent]!, heap[i]!)) return;
    swap(heap, i, parent);
    i = parent;
  }
}

function down(heap: Int32Array, size: number, score: Float64Array): void {
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < size && before(score, heap[m]!, heap[l]!)) m = l;
    if (r < size && before(score, heap[m]!, heap[r]!)) m = r;
    if (m === i) return;
    swap(heap, i, m);
    i = m;
  }
}

function swap(heap: Int32Array, i: number, j: number): void {
  const t = heap[i]!;
  heap[i] = heap[j]!;
  heap[j] = t;
}
