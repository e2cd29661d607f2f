// Algolia-style highlighting and snippets for the local provider. Text from the index is
// escaped; the only markup that comes out is <mark>…</mark> around matching words. A snippet is
// the window of N words holding the most distinct matches, with "…" where the text was cut.
import { words, type Word } from './text.ts';
import type { MatchLevel } from '../types.ts';

export const HIGHLIGHT_PRE = '<mark>';
export const HIGHLIGHT_POST = '</mark>';
export const ELLIPSIS = '…';

/** Tells whether a written word matches the query, and which query token it matches. */
export type WordMatcher = (word: string) => string | undefined;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface Marked {
  value: string;
  matchLevel: MatchLevel;
  /** The query tokens found in the text. */
  matchedWords: string[];
}

/** The text (or the part from word `from` to word `to`) with matching words marked. */
function markRange(text: string, list: Word[], hits: (string | undefined)[], from: number, to: number): string {
  let out = '';
  let cursor = list[from]?.start ?? 0;
  for (let i = from; i < to; i++) {
    const w = list[i]!;
    out += escapeHtml(text.slice(cursor, w.start));
    out += hits[i] ? HIGHLIGHT_PRE + escapeHtml(w.text) + HIGHLIGHT_POST : escapeHtml(w.text);
    cursor = w.end;
  }
  return out;
}

function level(found: Set<string>, tokens: number): MatchLevel {
  if (found.size === 0) return 'none';
  return found.size >= tokens ? 'full' : 'partial';
}

/** The whole text, escaped, with matches marked (Algolia's _highlightResult). */
export function highlight(text: string, match: WordMatcher, tokenCount: number): Marked {
  const list = words(text);
  const hits = list.map((w) => match(w.text));
  const found = new Set(hits.filter((h): h is string => !!h));
  const body = markRange(text, list, hits, 0, list.length);
  const tail = list.length ? escapeHtml(text.slice(list[list.length - 1]!.end)) : '';
  const head = list.length ? escapeHtml(text.slice(0, list[0]!.start)) : escapeHtml(text);
  return { value: head + body + tail, matchLevel: level(found, tokenCount), matchedWords: [...found] };
}

/** At most `size` words around the best cluster of matches (Algolia's _snippetResult). */
export function snippet(text: string, match: WordMatcher, tokenCount: number, size: number): Marked {
  const list = words(text);
  if (list.length <= size) return highlight(text, match, tokenCount);
  const hits = list.map((w) => match(w.text));
  let best = 0;
  let bestScore = -1;
  for (let start = 0; start + size <= list.length; start++) {
    const distinct = new Set(hits.slice(start, start + size).filter(Boolean)).size;
    // Prefer windows that start a little before the first match, so it reads in context.
    const firstHit = hits.slice(start, start + size).findIndex(Boolean);
    const score = distinct * 100 - (firstHit < 0 ? 99 : Math.abs(firstHit - 2));
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
  }
  const end = best + size;
  const found = new Set(hits.filter((h): h is string => !!h));
  const value = (best > 0 ? ELLIPSIS : '') + markRange(text, list, hits, best, end) + (end < list.length ? ELLIPSIS : '');
  return { value, matchLevel: level(found, tokenCount), matchedWords: [...found] };
}
