// The ids a built page really has, read from its HTML: the link check verifies every #fragment
// against these, not against what the markdown stage meant to write (a heading moved into the
// page header once lost its id while the check still knew it). An old style <a name="…"> counts
// too: browsers scroll to it for #… as they do to an id.
//
// The body is HTML that hast-util-to-html and Shiki wrote: every attribute value in double quotes
// with `"` and `&` escaped, and every `<` in text escaped, so a raw `<` always starts a tag. An
// id="…" is a real attribute when the tag it follows has not ended before it (no `>` outside
// quotes in between). This reads only around the ids instead of tokenizing every span of the
// highlighted code: htmlparser2 took ~2.4 ms a page on Electron's docs (7 MB of bodies, 0.7 s).
import { ownCopy } from '../../shared/own-copy.ts';

const ATTRIBUTE = /\s(id|name)="([^"]*)"/g;

export function idsInHtml(html: string, extra: Iterable<string> = []): Set<string> {
  const ids = new Set<string>(extra);
  for (const match of html.matchAll(ATTRIBUTE)) {
    const tagStart = html.lastIndexOf('<', match.index);
    if (tagStart === -1 || !insideTag(html, tagStart, match.index)) continue;
    if (match[1] === 'name' && !/^<a[\s>]/i.test(html.slice(tagStart, tagStart + 3))) continue;
    if (match[2]) ids.add(decodeAttribute(match[2]));
  }
  return ids;
}

/** Whether `at` is still inside the tag that starts at `tagStart` (no `>` outside quotes between). */
function insideTag(html: string, tagStart: number, at: number): boolean {
  let quoted = false;
  for (let i = tagStart + 1; i < at; i++) {
    const char = html.charCodeAt(i);
    if (char === 34 /* " */) quoted = !quoted;
    else if (char === 62 /* > */ && !quoted) return false;
  }
  return !quoted;
}

/**
 * An attribute value as hast-util-to-html wrote it (`&`, `"` and others as character references),
 * read back, as a string of its own (see ownCopy).
 */
export function decodeAttribute(value: string): string {
  return ownCopy(value.includes('&') ? decodeReferences(value) : value);
}

function decodeReferences(value: string): string {
  return value.replace(/&#x([0-9a-f]+);|&#(\d+);|&(amp|quot|lt|gt);/gi, (_, hex?: string, decimal?: string, name?: string) => {
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(Number(decimal));
    return { amp: '&', quot: '"', lt: '<', gt: '>' }[name!.toLowerCase() as 'amp']!;
  });
}
