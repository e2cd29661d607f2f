// A page's file of the local index (pages/<block hash>.<place>.json, see ./index-format.ts):
// what hits show of the page, fetched for the hits on screen. Written by cli/search/shards.ts,
// read by client/search/engine/index-store.ts.
//
// Each section's place in the page's outline is its level alone: the headings above it (the
// hierarchy a hit shows) are those of the sections still open at lower levels, and its anchor is
// the slug of its heading (as the build's slugger makes it, numbered when a page repeats it).
// Only anchors that differ from that are written. Writing every section's heading path and
// anchor took 14 KB gzip of our site's 332 KB of page files (cli/search/README.md, "Page files").

/** What a hit shows of its section: [page href, page title, level, anchor, lvl2…lvl6 headings, paragraphs]. */
export type SectionFile = [string, string, number, string, (string | null)[], string[]];

/**
 * A page's file: [href, title, each section's level (one digit each), the anchors that differ
 * from the derived ones (section place, anchor, …), each section's heading (not the intro's)
 * followed by its paragraphs].
 */
export type PageFile = [string, string, string, (number | string)[], string[][]];

export function pageFile(sections: readonly SectionFile[]): PageFile {
  const levels = sections.map(([, , level]) => level);
  const texts = sections.map(([, , level, , headings, paragraphs]) => (level > 1 ? [headings[level - 2] ?? '', ...paragraphs] : [...paragraphs]));
  const derived = derivedAnchors(levels, texts);
  const anchors: (number | string)[] = [];
  sections.forEach(([, , , anchor], i) => {
    if (anchor !== derived[i]) anchors.push(i, anchor);
  });
  return [sections[0]![0], sections[0]![1], levels.join(''), anchors, texts];
}

export function pageSections([href, title, levelDigits, anchors, texts]: PageFile): SectionFile[] {
  const levels = [...levelDigits].map(Number);
  const derived = derivedAnchors(levels, texts);
  for (let i = 0; i < anchors.length; i += 2) derived[anchors[i] as number] = anchors[i + 1] as string;
  const path: (string | null)[] = []; // the open sections' headings, by level from 2
  return levels.map((level, i) => {
    const text = texts[i]!;
    if (level === 1) {
      path.length = 0;
      return [href, title, level, derived[i]!, [], text];
    }
    path.length = Math.min(path.length, level - 2);
    while (path.length < level - 2) path.push(null);
    path.push(text[0]!);
    return [href, title, level, derived[i]!, [...path], text.slice(1)];
  });
}

/** Each section's anchor as the build's slugger (github-slugger) gives it for most headings: none for the intro. */
function derivedAnchors(levels: readonly number[], texts: readonly string[][]): string[] {
  const seen = new Map<string, number>();
  return levels.map((level, i) => {
    if (level === 1) return '';
    const base = slug(texts[i]![0]!);
    let anchor = base;
    while (seen.has(anchor)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      anchor = `${base}-${n}`;
    }
    seen.set(anchor, 0);
    return anchor;
  });
}

/**
 * Lower case, spaces to hyphens, without ASCII punctuation (but - and _), Latin-1 symbols and
 * general punctuation (’ “ ” – —), as github-slugger for most headings; its longer list of
 * what it drops (a Unicode property regex) cost a cold page ~7 ms to compile, and an anchor it
 * makes otherwise is written in the file.
 */
function slug(text: string): string {
  return text.toLowerCase().replace(DROPPED, '').replace(/ /g, '-');
}

const DROPPED = /[!-,./:-@[-^`{-~\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f]/g;
