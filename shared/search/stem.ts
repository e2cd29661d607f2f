// A light English stemmer: it strips inflections only (plural -s/-es/-ies, -ed, -ing, a final
// silent e), so "lock", "locks", "locked" and "locking" all become "lock" and "create",
// "creates", "created", "creating" become "creat". Derivational suffixes (-ation, -ful, -ness)
// are left alone on purpose: a full Porter stemmer merges words readers mean differently
// ("general"/"generate", "organ"/"organization"), which costs more than it gains in a help
// centre. The same function runs at build time (index) and in the browser (queries and
// highlighting), so both sides always agree.

const VOWEL = /[aeiouy]/;

/** True when the letters before `end` contain a vowel, so removing a suffix leaves a real stem. */
function hasVowel(word: string, end: number): boolean {
  return VOWEL.test(word.slice(0, end).replace(/^y/, ''));
}

/** "stopp" → "stop", "mapp" → "map"; double l, s and z stay ("fill", "miss", "buzz"). */
function undouble(stem: string): string {
  const last = stem[stem.length - 1];
  // Three letters must remain, so "added" → "add" (not "ad") like the word "add" itself.
  if (stem.length > 3 && last === stem[stem.length - 2] && !'lsz'.includes(last!) && !VOWEL.test(last!)) return stem.slice(0, -1);
  return stem;
}

function dropPlural(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(?:x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('s') && word.length > 3) return word.slice(0, -1);
  return word;
}

function dropVerbEnding(word: string): string {
  if (word.endsWith('ied') && word.length > 4) return word.slice(0, -3) + 'y';
  if (word.endsWith('eed')) return hasVowel(word, word.length - 3) ? word.slice(0, -1) : word;
  if (word.endsWith('ed') && word.length >= 4 && hasVowel(word, word.length - 2)) return undouble(word.slice(0, -2));
  if (word.endsWith('ing') && word.length >= 5 && hasVowel(word, word.length - 3)) return undouble(word.slice(0, -3));
  return word;
}

/** The stem of one lower-case word. Short words, numbers and mixed tokens are returned as they are. */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let out = dropVerbEnding(dropPlural(word));
  // The silent e goes last, so "create" meets "creating" (→ "creat"); "ee" stays ("free").
  if (out.length >= 3 && out.endsWith('e') && !out.endsWith('ee')) out = out.slice(0, -1);
  return out;
}
