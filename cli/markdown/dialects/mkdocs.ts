// MkDocs Material's indented blocks, rewritten into the container syntax helpgen reads:
//   !!! note "Title"      →  :::note[Title]        (an admonition)
//   ??? tip "Title"       →  :::details[Title]     (collapsed, as <details>; "???+" open)
//   === "Tab A"           →  :::tabs / ::tab[Tab A] (consecutive "===" blocks are one tab set;
//                                                    "===!" starts a new set)
// A block's body is the lines after it indented four more spaces than the marker, as in
// Python-Markdown; it is dedented, and blocks inside it are rewritten the same way. The
// outer block gets more colons than any container inside it, so nesting closes where it should.
import { type SourceLine, dedent, forEachProseLine, indentOf, isBlank, longestColonFence, madeLine } from './source-lines.ts';

const ADMONITION = /^( *)(!!!|\?\?\?\+?)[ \t]+([A-Za-z][\w-]*)((?:[ \t]+[a-z]+)*)(?:[ \t]+"([^"]*)")?[ \t]*$/;
const TAB = /^( *)===(!?)[ \t]+"([^"]*)"[ \t]*$/;

/** Material's admonition types that helpgen has no style of its own for, by the closest one. */
const TYPE_OF: Record<string, string> = {
  abstract: 'info', summary: 'info', tldr: 'info', todo: 'info', info: 'info',
  tip: 'tip', hint: 'tip', success: 'tip', check: 'tip', done: 'tip',
  important: 'important', question: 'note', help: 'note', faq: 'note', example: 'note', quote: 'note', cite: 'note', note: 'note',
  warning: 'warning', caution: 'caution', attention: 'warning',
  failure: 'danger', fail: 'danger', missing: 'danger', danger: 'danger', error: 'danger', bug: 'danger',
};

export function rewriteMkdocs(lines: SourceLine[]): SourceLine[] {
  if (!lines.some((l) => /^ *(?:!!!|\?\?\?|===)/.test(l.text))) return lines;
  const out: SourceLine[] = [];
  let copied = 0;
  forEachProseLine(lines, (i) => {
    const line = lines[i]!;
    const admonition = ADMONITION.exec(line.text);
    const tab = admonition ? undefined : TAB.exec(line.text);
    if (!admonition && !tab) return undefined;
    out.push(...lines.slice(copied, i));
    const indent = (admonition ?? tab)![1]!.length;
    const consumed = admonition ? rewriteAdmonition(lines, i, admonition, out) : rewriteTabs(lines, i, indent, out);
    copied = i + consumed;
    return consumed;
  });
  out.push(...lines.slice(copied));
  return out;
}

/** The body lines of the block whose marker is at `start` (indented `indent`), trailing blanks left out. */
function bodyOf(lines: SourceLine[], start: number, indent: number): SourceLine[] {
  let end = start + 1;
  while (end < lines.length && (isBlank(lines[end]!.text) || indentOf(lines[end]!.text) >= indent + 4)) end++;
  while (end > start + 1 && isBlank(lines[end - 1]!.text)) end--;
  return lines.slice(start + 1, end);
}

/** Writes the container of one block, its body dedented and rewritten, to `out`. */
function container(opening: string, marker: SourceLine, indent: number, body: SourceLine[], out: SourceLine[]): void {
  const pad = ' '.repeat(indent);
  const inner = rewriteMkdocs(body.map((l) => dedent(l, 4)));
  const colons = ':'.repeat(Math.max(3, longestColonFence(inner) + 1));
  out.push(madeLine(`${pad}${colons}${opening}`, marker), ...inner, madeLine(`${pad}${colons}`, body.at(-1) ?? marker));
}

function rewriteAdmonition(lines: SourceLine[], start: number, match: RegExpExecArray, out: SourceLine[]): number {
  const [, pad, marker, rawType, , title] = match;
  const type = rawType!.toLowerCase();
  const body = bodyOf(lines, start, pad!.length);
  // No title: the kind's name; an empty one ("") shows no title bar, as in Material.
  const shownTitle = title ?? type[0]!.toUpperCase() + type.slice(1);
  const label = `[${shownTitle.replace(/[[\]]/g, '\\$&')}]`;
  const opening = marker === '!!!' ? `${TYPE_OF[type] ?? 'note'}${label}` : `details${label}${marker === '???+' ? '{open}' : ''}`;
  container(opening, lines[start]!, pad!.length, body, out);
  return 1 + body.length;
}

/** A tab set: this "===" block and the ones right after it (blank lines between are allowed). */
function rewriteTabs(lines: SourceLine[], start: number, indent: number, out: SourceLine[]): number {
  const tabs: { marker: SourceLine; label: string; body: SourceLine[] }[] = [];
  let at = start;
  for (;;) {
    const match = TAB.exec(lines[at]?.text ?? '');
    if (!match || match[1]!.length !== indent || (tabs.length && match[2])) break;
    const body = bodyOf(lines, at, indent);
    tabs.push({ marker: lines[at]!, label: match[3]!, body });
    let next = at + 1 + body.length;
    while (next < lines.length && isBlank(lines[next]!.text)) next++;
    if (!TAB.test(lines[next]?.text ?? '')) {
      at += 1 + body.length;
      break;
    }
    at = next;
  }
  const pad = ' '.repeat(indent);
  const panels: SourceLine[] = [];
  for (const tab of tabs) {
    const body = rewriteMkdocs(tab.body.map((l) => dedent(l, 4)));
    panels.push(madeLine(`${pad}::tab[${tab.label.replace(/[[\]]/g, '\\$&')}]`, tab.marker), madeLine('', tab.marker), ...body, madeLine('', tab.marker));
  }
  const colons = ':'.repeat(Math.max(3, longestColonFence(panels) + 1));
  out.push(madeLine(`${pad}${colons}tabs`, tabs[0]!.marker), ...panels, madeLine(`${pad}${colons}`, tabs.at(-1)!.body.at(-1) ?? tabs.at(-1)!.marker));
  return at - start;
}
