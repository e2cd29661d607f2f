// Jekyll pages: Liquid runs before kramdown reads the markdown, and kramdown adds attribute
// lists. What helpgen does with each:
//   {% raw %} … {% endraw %}  the markers go, the text between stays as written (as Jekyll shows it)
//   other {% tags %}           stay as written, reported once a page: helpgen runs no Liquid
//   * TOC / {:toc}             the list becomes "::toc", the page's table of contents (remark-inline-toc.ts)
//   {: .class} / {:.x #id}     attribute lines are removed; "## Heading {: #id}" keeps its id
import { type DialectReport, type SourceLine, forEachProseLine, madeLine } from './source-lines.ts';

const RAW_MARKER = /\{%-?\s*(?:end)?raw\s*-?%\}/g;
const LIQUID_TAG = /\{%-?\s*(\w+)[^%]*-?%\}/;
const ATTRIBUTE_LINE = /^\s*\{:(?!:)[^}]*\}\s*$/;
const TOC_LINE = /^\s*\{:\s*\.?toc\s*\}\s*$/;
const HEADING_ATTRIBUTES = /^(#{1,6}\s.*?)\s*\{:\s*([^}]*)\}\s*$/;

export function rewriteJekyll(lines: SourceLine[], report: DialectReport): SourceLine[] {
  const out = removeRawMarkers(lines);
  forEachProseLine(out, (i) => {
    const line = out[i]!;
    if (line.raw) return undefined;
    const tag = LIQUID_TAG.exec(line.text);
    if (tag) {
      report.note(
        'liquid-tag',
        line,
        tag.index + 1,
        `Liquid tag "{% ${tag[1]} %}" shown as written: helpgen does not run Liquid`,
        'Write the text the tag would produce (a list of links, the included file) in markdown, or wrap text that shows Liquid in a code block.',
      );
    }
    if (TOC_LINE.test(line.text)) {
      // kramdown replaces the list the {:toc} line ends (usually "* Table of contents").
      const item = i > 0 && /^\s*(?:[*+-]|\d+\.)\s/.test(out[i - 1]!.text) ? i - 1 : i;
      out.splice(item, i - item + 1, ...(item < i ? [madeLine('::toc', out[item]!), madeLine('', line)] : [madeLine('::toc', line)]));
      return 1;
    }
    if (ATTRIBUTE_LINE.test(line.text)) {
      out[i] = madeLine('', line);
      return undefined;
    }
    const heading = HEADING_ATTRIBUTES.exec(line.text);
    if (heading) {
      const id = /#([\w-]+)/.exec(heading[2]!);
      out[i] = { ...line, text: id ? `${heading[1]} {#${id[1]}}` : heading[1]! };
    }
    return undefined;
  });
  return out.map(({ raw: _raw, ...line }) => line);
}

type MarkedLine = SourceLine & { raw?: boolean };

/** Drops {% raw %} and {% endraw %} (a line holding only one goes whole) and marks the lines between. */
function removeRawMarkers(lines: SourceLine[]): MarkedLine[] {
  const out: MarkedLine[] = [];
  let inRaw = false;
  for (const line of lines) {
    if (!line.text.includes('{%')) {
      out.push(inRaw ? { ...line, raw: true } : line);
      continue;
    }
    let text = '';
    let at = 0;
    let rawAtStart = inRaw;
    for (const match of line.text.matchAll(RAW_MARKER)) {
      text += line.text.slice(at, match.index);
      at = match.index! + match[0].length;
      inRaw = !match[0].includes('endraw');
      if (!inRaw && !text.trim()) rawAtStart = true;
    }
    text += line.text.slice(at);
    if (text === line.text) out.push(inRaw ? { ...line, raw: true } : line);
    else if (text.trim()) out.push({ ...line, text, raw: rawAtStart || inRaw });
  }
  return out;
}
