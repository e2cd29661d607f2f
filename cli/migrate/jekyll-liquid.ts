// The Liquid output tags Jekyll pages use for addresses and site settings, written as helpgen
// reads them, so links and names keep working without Liquid:
//   {{ site.baseurl }}/a, {{ "/a" | relative_url }}, {{ '/a' | absolute_url }}  →  /a
//   (a root-absolute link, which helpgen resolves under the site's baseUrl)
//   {{ site.title }}, {{ site.description }}  →  {{title}}, {{tagline}} (helpgen's placeholders)
// Text between {% raw %} and {% endraw %} is left alone, as Jekyll leaves it. Anything else in
// {{ }} or {% %} stays as written; the build reports it.

const RAW_BLOCK = /\{%-?\s*raw\s*-?%\}[\s\S]*?(?:\{%-?\s*endraw\s*-?%\}|$)/g;
const REWRITES: [RegExp, string][] = [
  [/\{\{-?\s*site\.baseurl\s*-?\}\}(?=\/)/g, ''],
  [/\{\{-?\s*site\.baseurl\s*-?\}\}/g, '/'],
  [/\{\{-?\s*(["'])([^"'{}]*)\1\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}/g, '$2'],
  [/\{\{-?\s*site\.title\s*-?\}\}/g, '{{title}}'],
  [/\{\{-?\s*site\.description\s*-?\}\}/g, '{{tagline}}'],
];

/** The page's text with those tags rewritten, and how many were; the text as it is when none were. */
export function rewriteSiteLiquid(text: string): { text: string; count: number } {
  if (!text.includes('{{')) return { text, count: 0 };
  let count = 0;
  const rewrite = (part: string) =>
    REWRITES.reduce(
      (out, [pattern, replacement]) =>
        out.replace(pattern, (...match) => {
          count += 1;
          return replacement.replace('$2', String(match[2] ?? ''));
        }),
      part,
    );
  let out = '';
  let at = 0;
  for (const raw of text.matchAll(RAW_BLOCK)) {
    out += rewrite(text.slice(at, raw.index)) + raw[0];
    at = raw.index + raw[0].length;
  }
  out += rewrite(text.slice(at));
  return { text: out, count };
}
