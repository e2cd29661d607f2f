// Hit text is shown as HTML because it carries <mark> tags, so it is rebuilt here from scratch:
// every piece of text is escaped and the only tags that come out are balanced <mark>…</mark>.
// Text may arrive escaped (local index) or raw (Algolia returns attribute text as stored); both
// read the same after this.
import { escapeHtml } from './engine/highlight.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Safe HTML from a highlighted value: escaped text, balanced <mark> tags only. */
export function safeMarkup(value: string): string {
  let open = false;
  let out = '';
  for (const part of value.split(/(<\/?mark>)/gi)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') {
      if (!open) out += '<mark>';
      open = true;
    } else if (tag === '</mark>') {
      if (open) out += '</mark>';
      open = false;
    } else out += escapeHtml(decodeEntities(part));
  }
  return open ? out + '</mark>' : out;
}

/** Plain text of a highlighted value (for group names, stored searches, titles). */
export function plainText(value: string): string {
  return decodeEntities(value.replace(/<\/?mark>/gi, ''));
}
