// The terms of a sorted vocabulary within an edit distance of a word, found by walking the
// vocabulary as the trie it is: sorted terms that share a beginning share the rows of the
// distance table for it, so each row is computed once per distinct beginning, and a beginning
// already too far from the word (every cell of its row over the limit) skips every term that
// starts with it at once. Comparing the word with each term of a nearby length instead cost one
// table per term: 14,000 terms at 8,500 pages, on the way to a reader's first results.

/**
 * Every term (by place) within `max` insertions, deletions or substitutions of `word`, with its
 * distance, in the order of the terms' lengths, then places. `terms` is sorted (by UTF-16 code
 * units, as `<` compares).
 */
export function termsWithin(terms: readonly string[], word: string, max: number): { places: number[]; distances: number[] } {
  const width = word.length + 1;
  // rows[d] is the table's row for the first d letters of the term being read: rows[0] is 0..m.
  const rows: Uint16Array[] = [Uint16Array.from({ length: width }, (_, j) => j)];
  // The term whose beginning the rows hold, and how many of its letters they cover.
  let held = '';
  let depth = 0;
  const found: { place: number; length: number; distance: number }[] = [];
  let i = 0;
  while (i < terms.length) {
    const term = terms[i]!;
    let shared = 0;
    while (shared < depth && shared < term.length && term.charCodeAt(shared) === held.charCodeAt(shared)) shared++;
    held = term;
    depth = shared;
    let pruned = false;
    while (depth < term.length) {
      const previous = rows[depth]!;
      const row = (rows[depth + 1] ??= new Uint16Array(width));
      const ch = term.charCodeAt(depth);
      row[0] = depth + 1;
      let best = row[0];
      for (let j = 1; j < width; j++) {
        const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (ch === word.charCodeAt(j - 1) ? 0 : 1));
        row[j] = value;
        if (value < best) best = value;
      }
      depth++;
      // Every longer term starting with these letters is at least this far from the word.
      if (best > max) {
        pruned = true;
        break;
      }
    }
    if (pruned) {
      i = pastPrefix(terms, term.slice(0, depth), i + 1);
      continue;
    }
    const distance = rows[depth]![width - 1]!;
    if (distance <= max) found.push({ place: i, length: term.length, distance });
    i++;
  }
  found.sort((a, b) => a.length - b.length || a.place - b.place);
  return { places: found.map((f) => f.place), distances: found.map((f) => f.distance) };
}

/** The place of the first term from `from` on that does not start with `prefix` (terms sorted). */
function pastPrefix(terms: readonly string[], prefix: string, from: number): number {
  let lo = from;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
