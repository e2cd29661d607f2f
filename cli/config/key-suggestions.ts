// "did you mean `title`?" for an unknown config key: the closest key allowed at the same place,
// or the same key where it belongs (a colorMode key written at the top level, say).
import { distance } from '../check/suggest.ts';
import { allKeyPaths } from './schema-walk.ts';
import { lineAndColumn } from '../diagnostics/errors.ts';

/** Lower case without - and _: "base_url", "BaseURL" and "baseUrl" read the same. */
const loose = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/** The suggestion for `key`, written where keys `here` are allowed, under `prefix` ("" at the top). */
export function suggestKey(key: string, here: string[], prefix: string): string | undefined {
  if (key === 'themeConfig' && !prefix) {
    return 'helpgen reads what Docusaurus keeps under themeConfig (navbar, footer, colorMode, announcementBar …) at the top level of the config';
  }
  const sameSpelling = here.find((valid) => loose(valid) === loose(key));
  if (sameSpelling) return `did you mean \`${sameSpelling}\`?`;
  const limit = key.length <= 3 ? 1 : key.length < 9 ? 2 : 3;
  let best: string | undefined;
  let bestScore = limit + 1;
  for (const valid of here) {
    const score = distance(loose(key), loose(valid));
    if (score < bestScore) [best, bestScore] = [valid, score];
  }
  if (best) return `did you mean \`${best}\`?`;
  // The key exists elsewhere: suggest its full path when it is in one place only.
  const elsewhere = allKeyPaths().filter((path) => loose(path.split('.').pop()!) === loose(key) && !path.includes('[]'));
  if (elsewhere.length !== 1) return undefined;
  const parent = elsewhere[0]!.split('.').slice(0, -1).join('.');
  return `did you mean \`${elsewhere[0]}\`? It belongs ${parent ? `under ${parent}` : 'at the top level'}`;
}

/**
 * Where a key is written in the config's source (1-based line and column), when it is written
 * exactly once; a key written in several places (a label, say) cannot be told apart by its name.
 */
export function locateKey(source: string, key: string): { line: number; column: number } | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[\\s{,])(['"]?)${escaped}\\2\\s*:`, 'g');
  const matches = [...source.matchAll(pattern)];
  if (matches.length !== 1) return undefined;
  return lineAndColumn(source, matches[0]!.index + matches[0]![1]!.length);
}
