// Component blocks from MDX and Vue pages, written one tag a line as Docusaurus, VitePress and
// mdBook's book use them, rewritten into what helpgen reads:
//   <Tabs groupId="os"> / <TabItem value="mac" label="macOS">  → :::tabs{groupId=os} / ::tab[macOS]
//   <Admonition type="tip" title="T">                         → :::tip[T]
//   <details> <summary>S</summary> … </details>               → the same, with blank lines around
//                                                                the body so it is read as markdown
//   <Listing number="1-2" file-name="x.rs" caption="C">        → <figure class="listing"> with the
//                                                                file name above, "Listing 1-2: C" below
//   <DocCardList />                                            → ::doc-cards, the category's cards
//   <ClientOnly>                                              → dropped, its content kept
//   <script setup> … </script>, <style> … </style>            → removed whole, reported once a page
//   import Tabs from '@theme/Tabs' (the components above)     → dropped
// In MDX, indentation inside a component means nothing, so each body is dedented to its
// least-indented line (a fence indented four spaces under <TabItem> is a fence, not code).
import { type DialectReport, type SourceLine, commonIndent, dedent, isBlank, longestColonFence, madeLine } from './source-lines.ts';

const ATTRIBUTE = /([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|([^}]*?))\s*\}))?/g;
const KNOWN_IMPORT = /^\s*import\s+\w+\s+from\s+['"]@theme\/(?:Tabs|TabItem|Admonition|DocCardList|Details)['"];?\s*$/;
const CLIENT_ONLY = /^\s*<\/?ClientOnly\s*>\s*$/;
const DOC_CARD_LIST = /^\s*<DocCardList\b[^>]*\/>\s*$/;
// Vue's <script setup> and a page's <style>: a plain <script> is the sanitizer's to remove and report.
const REMOVED_BLOCK = /^<(script(?=\s[^>]*\bsetup\b)|style\b)[^>]*>/;

export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = tag.replace(/^\s*<[\w.]+/, '').replace(/\/?>\s*$/, '');
  for (const m of inner.matchAll(ATTRIBUTE)) attributes[m[1]!] = m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? '';
  return attributes;
}

// Attribute values may hold < and > (caption="An `Option<T>`").
// Made once per name: these run on every line of every page that has a "<".
const openers = new Map<string, RegExp>();
const closers = new Map<string, RegExp>();
const opens = (name: string) => openers.get(name) ?? openers.set(name, new RegExp(`^\\s*<${name}(?:\\s(?:[^<>"']|"[^"]*"|'[^']*')*)?>\\s*$`)).get(name)!;
const closes = (name: string) => closers.get(name) ?? closers.set(name, new RegExp(`^\\s*</${name}\\s*>\\s*$`)).get(name)!;

/** The index of the line closing the block opened at `start`, counting blocks of the same name inside. */
function closingLine(lines: SourceLine[], start: number, name: string): number {
  const open = opens(name);
  const close = closes(name);
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    if (open.test(lines[i]!.text)) depth++;
    else if (close.test(lines[i]!.text) && --depth === 0) return i;
  }
  return -1;
}

export function rewriteJsxBlocks(lines: SourceLine[], report: DialectReport): SourceLine[] {
  if (!lines.some((l) => l.text.includes('<') || l.text.includes('import'))) return lines;
  const out: SourceLine[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!fence && QUOTED.test(line.text)) {
      i += rewriteQuote(lines, i, out, report) - 1;
      continue;
    }
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line.text);
    if (fenceMatch || fence) {
      const marker = fenceMatch?.[1];
      if (marker && !fence) fence = marker[0]!.repeat(marker.length);
      else if (marker && fence && marker.startsWith(fence)) fence = undefined;
      out.push(line);
      continue;
    }
    const consumed = rewriteBlock(lines, i, out, report);
    if (consumed) i += consumed - 1;
    else out.push(line);
  }
  return out;
}

const QUOTED = /^ {0,3}>/;

/** A block quote's lines, read without their "> " as a page of their own (mdBook books quote listings). */
function rewriteQuote(lines: SourceLine[], start: number, out: SourceLine[], report: DialectReport): number {
  let end = start;
  while (end < lines.length && QUOTED.test(lines[end]!.text)) end++;
  const inner = lines.slice(start, end).map((l) => {
    const marker = /^ {0,3}> ?/.exec(l.text)![0];
    return { text: l.text.slice(marker.length), line: l.line, shift: l.shift + marker.length };
  });
  const rewritten = rewriteJsxBlocks(inner, report);
  const unchanged = rewritten.length === inner.length && rewritten.every((l, i) => l.text === inner[i]!.text);
  if (unchanged) out.push(...lines.slice(start, end));
  else for (const l of rewritten) out.push({ text: l.text ? `> ${l.text}` : '>', line: l.line, shift: Math.max(0, l.shift - 2) });
  return end - start;
}

/** Rewrites the block starting at line `i` into `out`; returns the lines it used (0: not a block). */
function blank(line: SourceLine, out: SourceLine[]): number {
  out.push(madeLine('', line));
  return 1;
}

function rewriteBlock(lines: SourceLine[], i: number, out: SourceLine[], report: DialectReport): number {
  const line = lines[i]!;
  const text = line.text;
  const tagAt = text.indexOf('<');
  if (tagAt === -1 || /\S/.test(text.slice(0, tagAt))) return KNOWN_IMPORT.test(text) ? blank(line, out) : 0;
  if (CLIENT_ONLY.test(text)) return blank(line, out);
  if (DOC_CARD_LIST.test(text)) {
    out.push(madeLine('::doc-cards', line));
    return 1;
  }
  const removed = REMOVED_BLOCK.exec(text);
  if (removed) return removeBlock(lines, i, removed[1]!.startsWith('script') ? 'script' : 'style', out, report);
  for (const [name, rewrite] of BLOCKS) {
    if (!opens(name).test(text)) continue;
    const end = closingLine(lines, i, name);
    // <Tabs> without a <TabItem> line is no tab set: remark-mdx-leftovers.ts reports the tags.
    if (end === -1 || (name === 'Tabs' && !lines.slice(i + 1, end).some((l) => opens('TabItem').test(l.text)))) return 0;
    out.push(...rewrite(line, lines.slice(i + 1, end), lines[end]!, report));
    return end - i + 1;
  }
  return 0;
}

type BlockRewrite = (open: SourceLine, body: SourceLine[], close: SourceLine, report: DialectReport) => SourceLine[];

/** The body as markdown: dedented to its least-indented line, blocks inside rewritten too. */
function markdownBody(body: SourceLine[], report: DialectReport): SourceLine[] {
  const indent = commonIndent(body);
  return rewriteJsxBlocks(indent ? body.map((l) => dedent(l, indent)) : body, report);
}

const colonsFor = (inner: SourceLine[]) => ':'.repeat(Math.max(3, longestColonFence(inner) + 1));
const label = (text: string) => `[${text.replace(/[[\]]/g, '\\$&')}]`;

const tabs: BlockRewrite = (open, body, close, report) => {
  const attributes = attributesOf(open.text);
  const labels = new Map([...(attributes.values ?? '').matchAll(/label:\s*(['"])(.*?)\1\s*,\s*value:\s*(['"])(.*?)\3|value:\s*(['"])(.*?)\5\s*,\s*label:\s*(['"])(.*?)\7/g)].map((m) => (m[2] !== undefined ? [m[4]!, m[2]] : [m[6]!, m[8]!])));
  const panels: SourceLine[] = [];
  for (let i = 0; i < body.length; i++) {
    if (!opens('TabItem').test(body[i]!.text)) {
      if (!isBlank(body[i]!.text)) panels.push(body[i]!); // stray text between items: kept, in the tab before it
      continue;
    }
    const end = closingLine(body, i, 'TabItem');
    const item = attributesOf(body[i]!.text);
    const name = item.label ?? labels.get(item.value ?? '') ?? item.value ?? `Tab ${panels.length + 1}`;
    const inner = markdownBody(body.slice(i + 1, end === -1 ? body.length : end), report);
    panels.push(madeLine(`::tab${label(name)}${'default' in item ? '{default}' : ''}`, body[i]!), madeLine('', body[i]!), ...inner, madeLine('', body[i]!));
    i = end === -1 ? body.length : end;
  }
  const colons = colonsFor(panels);
  const group = attributes.groupId ? `{groupId=${JSON.stringify(attributes.groupId)}}` : '';
  return [madeLine(`${colons}tabs${group}`, open), ...panels, madeLine(colons, close)];
};

const admonition: BlockRewrite = (open, body, close, report) => {
  const { type = 'note', title } = attributesOf(open.text);
  const inner = markdownBody(body, report);
  const colons = colonsFor(inner);
  return [madeLine(`${colons}${type.toLowerCase()}${title ? label(title) : ''}`, open), ...inner, madeLine(colons, close)];
};

const details: BlockRewrite = (open, body, close, report) => {
  const summaryAt = body.findIndex((l) => !isBlank(l.text));
  const hasSummary = summaryAt !== -1 && /^\s*<summary>.*<\/summary>\s*$/.test(body[summaryAt]!.text);
  const summary = hasSummary ? [madeLine(body[summaryAt]!.text.trim(), body[summaryAt]!)] : [];
  const inner = markdownBody(hasSummary ? body.slice(summaryAt + 1) : body, report);
  return [madeLine(open.text.trim(), open), ...summary, madeLine('', open), ...inner, madeLine('', close), madeLine('</details>', close)];
};

const listing: BlockRewrite = (open, body, close, report) => {
  const { number, caption, 'file-name': fileName } = attributesOf(open.text);
  const file = fileName ? `<span class="listing__file">Filename: ${escapeHtml(fileName)}</span>` : '';
  const title = [number ? `Listing ${escapeHtml(number)}` : '', caption ? inlineCode(caption) : ''].filter(Boolean).join(': ');
  return [
    madeLine(`<figure class="listing">${file}`, open),
    madeLine('', open),
    ...markdownBody(body, report),
    madeLine('', close),
    madeLine(`${title ? `<figcaption>${title}</figcaption>` : ''}</figure>`, close),
  ];
};

const BLOCKS: [string, BlockRewrite][] = [
  ['Tabs', tabs],
  ['Admonition', admonition],
  ['details', details],
  ['Listing', listing],
];

function removeBlock(lines: SourceLine[], start: number, tag: string, out: SourceLine[], report: DialectReport): number {
  let end = start;
  while (end < lines.length && !lines[end]!.text.includes(`</${tag}>`)) end++;
  if (end === lines.length) return 0; // never closed: the sanitizer reports and removes it
  const script = tag === 'script';
  report.note(
    script ? 'script-block' : 'style-block',
    lines[start]!,
    1,
    script ? '<script setup> block removed: pages run no scripts of their own' : '<style> block removed: pages use the site\'s stylesheet',
    script
      ? 'Vue and MDX components do not run here: write what they would show in markdown (an admonition, a table, a code block).'
      : 'Put the page\'s own styles in the site\'s stylesheet, or drop them.',
  );
  for (let i = start; i <= end; i++) out.push(madeLine('', lines[i]!));
  return end - start + 1;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A caption as mdBook shows it: `code` as code, the rest as text. */
const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
