// Reads the links out of HTML the templates wrote (React's output: every attribute quoted and
// escaped, text escaped), with htmlparser2's tokenizer rather than a regular expression, so an
// attribute is only ever taken from a real tag.
import { Parser } from 'htmlparser2';

export interface TemplateLink {
  href: string;
  /** Inside <main> (breadcrumbs, pagination, cards), rather than the navbar, sidebar or footer. */
  inMain: boolean;
}

/** The attributes that hold a URL the browser fetches or follows, by element. */
const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  script: ['src'],
  iframe: ['src'],
  embed: ['src'],
  audio: ['src'],
  source: ['src'],
  track: ['src'],
  video: ['src', 'poster'],
};

/**
 * Every URL attribute in `html`, leaving out `body` (the page's own markdown, whose links the
 * check has from its tree) where it is found. With `layout` false only the <main> element is
 * read: the layout around it is the same on every page and is checked once. (Tokenizing <main>
 * without the page's own markdown costs ~0.1 ms a page: 22 ms of CPU for our 181 pages, against
 * 4 ms for the regular expression it replaced, measured in one process, 20 interleaved rounds.)
 * A fragment (the sidebar's) has no <main> and is read whole.
 */
export function templateLinks(html: string, { layout, body }: { layout: boolean; body?: string }): TemplateLink[] {
  let start = 0;
  let end = html.length;
  if (!layout) {
    const mainStart = html.indexOf('<main');
    const mainEnd = html.lastIndexOf('</main>');
    if (mainStart !== -1 && mainEnd !== -1) [start, end] = [mainStart, mainEnd];
  }
  // The body is searched for only where it can be (inside <main>, past the layout before it),
  // and only the rest is copied: cutting it out of the whole page first, then reading <main>,
  // copied every page twice (a tenth of the page phase at 1,700 pages, profiled).
  const at = body ? html.indexOf(body, start) : -1;
  const text = at !== -1 && at + body!.length <= end ? html.slice(start, at) + html.slice(at + body!.length, end) : html.slice(start, end);
  // React wrote this HTML and the page's own markdown is cut out of it, so these are the real tags.
  return plainTagLinks(text) ?? tokenizedLinks(text);
}

/** With htmlparser2's tokenizer: any HTML. */
function tokenizedLinks(html: string): TemplateLink[] {
  const links: TemplateLink[] = [];
  let mainDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'main') mainDepth++;
        const names = URL_ATTRIBUTES[name];
        if (!names) return;
        const inMain = mainDepth > 0;
        for (const attribute of names) {
          const href = attributes[attribute];
          if (href !== undefined) links.push({ href, inMain });
        }
      },
      onclosetag(name) {
        if (name === 'main' && mainDepth > 0) mainDepth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return links;
}

/** An opening tag as React writes it: a name, then attributes each with a double-quoted value or none. */
// HTML's whitespace is these five characters (a \s would take other spaces too).
const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:[\t\n\f\r ]+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"]*")?)*)[\t\n\f\r ]*\/?>/y;
const CLOSE_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)[\t\n\f\r ]*>/y;
const ATTRIBUTE = /[\t\n\f\r ]+([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g;
/** Elements whose content is not HTML (raw text, escapable raw text, or HTML only browsers without script read). */
const NOT_HTML_INSIDE = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

/**
 * The same links as tokenizedLinks, read with a few regular expressions that jump from one "<"
 * to the next, for HTML in the shape React writes it (every "<" in text escaped, every
 * attribute value double-quoted with its "&" and quotes escaped). Undefined at the first thing
 * outside that shape (an entity in a URL, a raw-text element, markup other than tags and
 * comments): the tokenizer then reads the whole of it. At 8,500 pages the tokenizer read ~6 KB
 * of each page's <main> character by character, and the link check took the render workers
 * more time than rendering the page did (profiled).
 */
export function plainTagLinks(html: string): TemplateLink[] | undefined {
  const links: TemplateLink[] = [];
  let mainDepth = 0;
  for (let at = html.indexOf('<'); at !== -1; ) {
    let next: number;
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end === -1) return undefined;
      next = end + 3;
    } else if (html.charCodeAt(at + 1) === 0x2f /* / */) {
      CLOSE_TAG.lastIndex = at;
      const close = CLOSE_TAG.exec(html);
      if (!close) return undefined;
      if (close[1]!.toLowerCase() === 'main' && mainDepth > 0) mainDepth--;
      next = CLOSE_TAG.lastIndex;
    } else {
      OPEN_TAG.lastIndex = at;
      const open = OPEN_TAG.exec(html);
      if (!open) return undefined;
      const name = open[1]!.toLowerCase();
      if (NOT_HTML_INSIDE.has(name)) return undefined;
      if (name === 'main') mainDepth++;
      const names = URL_ATTRIBUTES[name];
      if (names) {
        const attributes = tagAttributes(open[2]!);
        for (const attribute of names) {
          const href = attributes.get(attribute);
          if (href?.includes('&')) return undefined;
          if (href !== undefined) links.push({ href, inMain: mainDepth > 0 });
        }
      }
      next = OPEN_TAG.lastIndex;
    }
    at = html.indexOf('<', next);
  }
  return links;
}

/** A tag's attributes by lower-case name, as written (entities not decoded), the first of a repeated one winning as in htmlparser2. */
function tagAttributes(written: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value = ''] of written.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, value);
  }
  return attributes;
}
