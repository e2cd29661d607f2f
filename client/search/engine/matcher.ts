// Which written words of a hit to mark, and the query id: small helpers of engine.ts.
import type { WordMatcher } from './highlight.ts';
import type { QueryToken } from './query.ts';
import { normalizeWord } from '../../../shared/search/text.ts';

export const EXACT = 0;
export const PREFIX = 1;
export const TYPO = 2;
export type Kind = typeof EXACT | typeof PREFIX | typeof TYPO;

/**
 * How one query word matched one section: MiniSearch's match records (index term → fields),
 * kept as they are rather than copied into sets, because a common word matches thousands of
 * sections and only a few of them become hits.
 */
export interface TokenMatch {
  score: number;
  kind: Kind;
  matches: Record<string, string[]>[];
}

/** True when the word matched in the title, heading or keywords (what the section is about). */
export function inTitleFields(m: TokenMatch): boolean {
  return inFields(m, TITLE_AND_KEYWORDS);
}

/** True when the word matched in the section's own title or heading (its exact name). */
export function inHeadingFields(m: TokenMatch): boolean {
  return inFields(m, TITLE_ONLY);
}

/** True when the term itself (not a typo or a longer word) matched in the title, heading or keywords. */
export function termInTitleFields(m: TokenMatch, term: string): boolean {
  return termInFields(m, term, TITLE_AND_KEYWORDS);
}

/**
 * True when the word as typed names some section's title, heading or keywords: it is a word of
 * ours, taken as written (its typos and splits are less likely what the reader meant).
 */
export function isKnownWord(matches: Map<number, TokenMatch>, term: string): boolean {
  for (const m of matches.values()) if (m.kind === EXACT && termInTitleFields(m, term)) return true;
  return false;
}

/** True when the term itself matched in the page's keywords: a reader's word the writer listed. */
export function termInKeywords(m: TokenMatch, term: string): boolean {
  return termInFields(m, term, KEYWORDS);
}

function termInFields(m: TokenMatch, term: string, fields: Set<string>): boolean {
  for (const match of m.matches) for (const field of match[term] ?? []) if (fields.has(field)) return true;
  return false;
}

const KEYWORDS = new Set(['keywords']);
const TITLE_AND_KEYWORDS = new Set(['title', 'heading', 'keywords']);
const TITLE_ONLY = new Set(['title', 'heading']);

function inFields(m: TokenMatch, fields: Set<string>): boolean {
  for (const match of m.matches) for (const term in match) for (const field of match[term]!) if (fields.has(field)) return true;
  return false;
}

export function hasTerm(m: TokenMatch, term: string): boolean {
  for (const match of m.matches) if (term in match) return true;
  return false;
}

export function termsOf(m: TokenMatch): string[] {
  return m.matches.flatMap((match) => Object.keys(match));
}

/** Which written words to mark in a hit: those whose term matched this section. */
export function matcherFor(tokens: QueryToken[], matches: (TokenMatch | undefined)[], termOf: (word: string) => string): WordMatcher {
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
    if (typing && normalizeWord(word).startsWith(typing.word) && typing.word.length >= 2) return typing.raw;
    return undefined;
  };
}

/** A short id for the query, like Algolia's queryID (only used to tell queries apart). */
export function queryId(query: string, n: number): string {
  let h = 0x811c9dc5;
  for (const ch of `${n}:${query}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
