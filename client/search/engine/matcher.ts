// How one query word matched the sections (TokenMatches, flat arrays indexed by section: a
// common word matches thousands of sections and only a few become hits), what it matched in
// one section when that is needed (the hits shown, the title bonuses), which written words of
// a hit to mark, and the query id: helpers of engine.ts.
import type { WordMatcher } from './highlight.ts';
import type { QueryToken } from './query.ts';
import { normalizeWord } from '../../../shared/search/text.ts';
import { FIELDS } from '../../../shared/search/index-format.ts';
import { EXACT, PREFIX, TYPO, reachedTerms, reaches, search, type Kind, type LookupResult, type PostingIndex, type Source } from './postings.ts';

export { EXACT, PREFIX, TYPO, type Kind };

/** What one query word matched in one section: the terms (index term → fields) of each lookup that found it. */
export interface TokenMatch {
  score: number;
  kind: Kind;
  matches: Record<string, string[]>[];
}

/** One query word's matches over every section: best score, best kind, fields, and where they came from. */
export class TokenMatches {
  readonly score: Float64Array;
  /** 0: no match; else the kind + 1. */
  readonly kind: Uint8Array;
  /** Field bits (1 << field id) of the terms matched. */
  readonly fields: Uint8Array;
  /** The sections matched, in the order found. */
  docs: Int32Array;
  count = 0;
  readonly sources: Source[] = [];

  constructor(documentCount: number) {
    this.score = new Float64Array(documentCount);
    this.kind = new Uint8Array(documentCount);
    this.fields = new Uint8Array(documentCount);
    this.docs = new Int32Array(64);
  }

  get size(): number {
    return this.count;
  }

  has(doc: number): boolean {
    return this.kind[doc] !== 0;
  }

  /**
   * Adds a lookup's sections: a section's score is the best of its lookups' (times `factor`),
   * its kind the best, its fields all of them. `forced` gives every section that kind; without
   * it each keeps the lookup's own.
   */
  add(result: LookupResult, forced?: Kind, factor = 1): void {
    if (!result.docs.length) return;
    this.sources.push(result.source);
    // Runs over every section a lookup found, usually cold: locals, not `this`, in the loop.
    const { docs, scores, kinds, fields } = result;
    const { score: bestScore, kind: bestKind, fields: allFields } = this;
    let list = this.docs;
    let n = this.count;
    if (n + docs.length > list.length) {
      list = new Int32Array(Math.max(2 * list.length, n + docs.length));
      list.set(this.docs.subarray(0, n));
      this.docs = list;
    }
    const forcedKind = forced === undefined ? -1 : forced + 1;
    for (let j = 0; j < docs.length; j++) {
      const doc = docs[j]!;
      // Each floating-point operation costs an allocation in cold code: none that changes nothing.
      const score = factor === 1 ? scores[j]! : scores[j]! * factor;
      const kind = forcedKind === -1 ? kinds[j]! + 1 : forcedKind;
      if (bestKind[doc] === 0) {
        list[n++] = doc;
        bestScore[doc] = score;
        bestKind[doc] = kind;
        allFields[doc] = fields[j]!;
      } else {
        if (score > bestScore[doc]!) bestScore[doc] = score;
        if (kind < bestKind[doc]!) bestKind[doc] = kind;
        allFields[doc]! |= fields[j]!;
      }
    }
    this.count = n;
  }

  /** Multiplies the score of every section matched with a kind by that kind's factor (exact, prefix, typo). */
  scale(factors: readonly [number, number, number]): void {
    const { docs, score, kind } = this;
    const [exact, prefix, typo] = factors;
    for (let j = 0; j < this.count; j++) {
      const doc = docs[j]!;
      const k = kind[doc]!;
      score[doc]! *= k === 1 ? exact : k === 2 ? prefix : typo;
    }
  }

  /** Forgets every match (the arrays are reused by the next query). */
  reset(): void {
    if (this.count > this.kind.length >> 4) {
      // Many sections: clearing whole arrays (native) beats visiting each (interpreted, when cold).
      this.score.fill(0);
      this.kind.fill(0);
      this.fields.fill(0);
    } else {
      for (let j = 0; j < this.count; j++) {
        const doc = this.docs[j]!;
        this.score[doc] = 0;
        this.kind[doc] = 0;
        this.fields[doc] = 0;
      }
    }
    this.count = 0;
    this.sources.length = 0;
  }

  /** True when the term (its place in the vocabulary) is one this word matched in the section. */
  matchedTerm(index: PostingIndex, doc: number, term: number): boolean {
    return index.fieldsOf(term, doc) !== 0 && this.reachedIn(doc, term);
  }

  /** True when this word matched the section and one of its lookups that did reaches the term (which the section must hold). */
  reachedIn(doc: number, term: number): boolean {
    if (!this.has(doc)) return false;
    for (const source of this.sources) {
      for (const reach of source.reaches) if (reaches(reach, term)) {
        if (accepts(source, doc)) return true;
        break;
      }
    }
    return false;
  }

  /** The fields in which this word matched the term itself in the section (0 if it did not). */
  termFields(index: PostingIndex, doc: number, term: number): number {
    return this.matchedTerm(index, doc, term) ? index.fieldsOf(term, doc) : 0;
  }

  /** What the word matched in the section, in the form hits read (see TokenMatch). */
  matchOf(index: PostingIndex, doc: number): TokenMatch | undefined {
    if (!this.has(doc)) return undefined;
    const terms = index.vocabulary.terms;
    const matches: Record<string, string[]>[] = [];
    for (const source of this.sources) {
      if (!accepts(source, doc)) continue;
      const record: Record<string, string[]> = {};
      let any = false;
      for (const reach of source.reaches) {
        for (const term of reachedTerms(reach)) {
          const bits = index.fieldsOf(term, doc);
          if (!bits) continue;
          record[terms[term]!] = FIELDS.filter((_, f) => bits & (1 << f));
          any = true;
        }
      }
      if (any) matches.push(record);
    }
    return { score: this.score[doc]!, kind: (this.kind[doc]! - 1) as Kind, matches };
  }
}

function accepts(source: Source, doc: number): boolean {
  return !source.only || search(source.only, doc) >= 0;
}

const TITLE_AND_KEYWORDS = new Set(['title', 'heading', 'keywords']);

/** True when the word matched in the title, heading or keywords (what the section is about). */
export function inTitleFields(m: TokenMatch): boolean {
  for (const match of m.matches) for (const term in match) for (const field of match[term]!) if (TITLE_AND_KEYWORDS.has(field)) return true;
  return false;
}

export function termsOf(m: TokenMatch): string[] {
  return m.matches.flatMap((match) => Object.keys(match));
}

/** Which written words to mark in a hit: those whose term matched this section. */
export function matcherFor(tokens: QueryToken[], matches: (TokenMatch | undefined)[], termOf: (word: string) => string, normalOf: (word: string) => string = normalizeWord): WordMatcher {
  // Stop words are not marked (every "a" would be) unless the query is nothing else.
  // A term several query words matched (the joined "richtext" of "rich text") stands for all of
  // them, space-separated (a raw word never holds a space).
  const byTerm = new Map<string, string>();
  matches.forEach((m, i) => {
    if (!m || tokens[i]!.stop) return;
    const raw = tokens[i]!.raw;
    for (const t of termsOf(m)) {
      const prev = byTerm.get(t);
      if (prev === undefined) byTerm.set(t, raw);
      else if (!prev.split(' ').includes(raw)) byTerm.set(t, `${prev} ${raw}`);
    }
  });
  const typing = tokens.find((t, i) => t.prefix && matches[i]);
  return (word) => {
    const term = termOf(word);
    const found = byTerm.get(term);
    if (found) return found;
    // Still typing "loc": mark "locked" too.
    if (typing && typing.word.length >= 2 && normalOf(word).startsWith(typing.word)) return typing.raw;
    return undefined;
  };
}

/** A short id for the query, like Algolia's queryID (only used to tell queries apart). */
export function queryId(query: string, n: number): string {
  let h = 0x811c9dc5;
  for (const ch of `${n}:${query}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
