// Algolia's "exact" criterion and our whole-title bonus, for one section: a word typed exactly
// as the section's title or heading writes it ("SUMIF" for sumif, where "SUMIFS" only shares
// the stem), or found in the page's keywords, counts extra; and a title or heading the query
// covers completely ("References" for "what is a reference") beats one it only touches
// ("Reference cell"). Run for every section with a word matched in its title, heading or
// keywords (thousands for a common word on a large site), so written as plain loops.
import type { Forms } from './compounds.ts';
import type { SectionName } from './index-store.ts';
import type { TokenMatches } from './matcher.ts';
import { KEYWORD_BITS, type PostingIndex } from './postings.ts';
import type { QueryToken } from './query.ts';

/** Score factor per query word written exactly as in the title or heading, or found in the page's keywords. */
const EXACT_BONUS = 0.5;
/** Score factor when the query covers every word of the title or heading. */
const COVERED_BONUS = 1.5;
/**
 * Otherwise, a factor growing with the share of the title's words the query reached: "lock"
 * is half of "Lock a record" but a fifth of "Set privacy and automatic locks", so the page
 * whose title the reader typed comes first (field-length normalisation, as Pagefind's and
 * MiniSearch's BM25 give titles); times the share of the query's words that reach the title, so
 * a title that only shares a word of a longer question ("record" of "Lock a record", for "how
 * do i unlok a record") does not tie a heading the question covers ("Unlock a record").
 */
const SHARE_BONUS = 1;

export interface QueryWords {
  tokens: QueryToken[];
  perToken: TokenMatches[];
  /** Per token, the written forms a title may show it in (compounds.ts). */
  forms: Forms[];
  /** Per token, its own term's place in the vocabulary (-1: not a term). */
  ownTerms: number[];
}

/** Multiplies the section's score (in `scores`) by what its title, heading and keywords give it. */
export function applyTitleBonus(doc: number, name: SectionName, query: QueryWords, postings: PostingIndex, scores: Float64Array): void {
  const { tokens, perToken, forms, ownTerms } = query;
  let exact = 0;
  for (let i = 0; i < tokens.length; i++) {
    const m = perToken[i]!;
    if (tokens[i]!.stop || !m.has(doc)) continue;
    if (writtenIn(forms[i]!, name.words) || (m.fields[doc]! & KEYWORD_BITS && ownTerms[i]! >= 0 && m.termFields(postings, doc, ownTerms[i]!) & KEYWORD_BITS)) exact++;
  }
  if (exact) scores[doc]! *= 1 + EXACT_BONUS * exact;
  // Every term of the name must be loaded to be matched: `count` tells how many it has.
  if (name.terms.size === 0) return;
  const reached = reachedTerms(perToken, doc, name.terms);
  if (reached === name.terms.size && name.terms.size >= name.count) scores[doc]! *= COVERED_BONUS;
  else if (reached > 0) {
    const titleShare = reached / Math.max(name.count, name.terms.size);
    scores[doc]! *= 1 + SHARE_BONUS * titleShare * queryShare(tokens, perToken, doc, name.terms);
  }
}

/** The share of the query's words (stop words aside) that reach one of the name's terms. */
function queryShare(tokens: QueryToken[], perToken: TokenMatches[], doc: number, terms: Set<number>): number {
  let words = 0;
  let reaching = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.stop) continue;
    words++;
    for (const term of terms) {
      if (!perToken[i]!.reachedIn(doc, term)) continue;
      reaching++;
      break;
    }
  }
  return words === 0 ? 1 : reaching / words;
}

/** One of the token's written forms appears whole among the name's written words. */
function writtenIn(forms: Forms, words: Set<string>): boolean {
  if (words.size === 0) return false;
  outer: for (const form of forms) {
    for (const word of form) if (!words.has(word)) continue outer;
    return true;
  }
  return false;
}

/** How many of the name's terms (which the section holds) the query's words matched. */
function reachedTerms(perToken: TokenMatches[], doc: number, terms: Set<number>): number {
  let reached = 0;
  outer: for (const term of terms) {
    for (const m of perToken) if (m.reachedIn(doc, term)) {
      reached++;
      continue outer;
    }
  }
  return reached;
}
