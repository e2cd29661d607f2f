// Algolia-style highlighting and snippets for the local provider. Text from the index is
// escaped; the only markup that comes out is <mark>…</mark> around matching words. A snippet is
// the window of N words holding the most distinct matches, with "…" where the text was cut.
import { words, type Word } from '../../../shared/search/text.ts';
import type { MatchLevel } from '../types.ts';

export const HIGHLIGHT_PRE = '<mark>';
export const HIGHLIGHT_POST = '</mark>';
export const ELLIPSIS = '…';

/** Tells whether a written word matches the query, and which query tokens it matches (space-separated). */
export type WordMatcher = (word: string) => string | undefined;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text;
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
  return mark(text, match, tokenCount, Infinity).highlight;
}

/** At most `size` words around the best cluster of matches (Algolia's _snippetResult). */
export function snippet(text: string, match: WordMatcher, tokenCount: number, size: number): Marked {
  return mark(text, match, tokenCount, size).snippet;
}

/** Both at once: the text is split and matched only once. */
export function mark(text: string, match: WordMatcher, tokenCount: number, size: number): { highlight: Marked; snippet: Marked } {
  const list = words(text);
  const hits = list.map((w) => match(w.text));
  const found = new Set(hits.flatMap((h) => (h ? h.split(' ') : [])));
  const matchLevel = level(found, tokenCount);
  const matchedWords = [...found];
  const head = list.length ? escapeHtml(text.slice(0, list[0]!.start)) : escapeHtml(text);
  const tail = list.length ? escapeHtml(text.slice(list[list.length - 1]!.end)) : '';
  const whole: Marked = { value: head + markRange(text, list, hits, 0, list.length) + tail, matchLevel, matchedWords };
  if (list.length <= size) return { highlight: whole, snippet: whole };
  const best = bestWindow(hits, size);
  const end = best + size;
  const value = (best > 0 ? ELLIPSIS : '') + markRange(text, list, hits, best, end) + (end < list.length ? ELLIPSIS : '');
  return { highlight: whole, snippet: { value, matchLevel, matchedWords } };
}

/**
 * Where the window of `size` words with the most distinct matches starts (the first such), one
 * that starts a little before its first match preferred, so it reads in context. The window
 * slides one word at a time, counting the matches that enter and leave it.
 */
function bestWindow(hits: (string | undefined)[], size: number): number {
  const inWindow = new Map<string, number>();
  const enter = (h: string | undefined) => {
    if (h) inWindow.set(h, (inWindow.get(h) ?? 0) + 1);
  };
  const leave = (h: string | undefined) => {
    if (!h) return;
    const n = inWindow.get(h)! - 1;
    if (n) inWindow.set(h, n);
    else inWindow.delete(h);
  };
  const positions = hits.flatMap((h, i) => (h ? [i] : []));
  let next = 0; // the first match at or after the window's start
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < size; i++) enter(hits[i]);
  for (let start = 0; start + size <= hits.length; start++) {
    if (start > 0) {
      leave(hits[start - 1]);
      enter(hits[start + size - 1]);
    }
    while (next < positions.length && positions[next]! < start) next++;
    const firstHit = next < positions.length && positions[next]! < start + size ? positions[next]! - start : -1;
    const score = inWindow.size * 100 - (firstHit < 0 ? 99 : Math.abs(firstHit - 2));
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
  }
  return best;
}
