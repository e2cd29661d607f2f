// Splits a page into the units a fact can be stated in: sentences of prose (joined across the
// wrapped lines of a paragraph or list item), table rows, lines of code blocks and the front
// matter description. Each unit keeps the line it starts on, so a failure names file:line.

export interface Statement {
  line: number;
  text: string;
}

/** Markup that gets in the way of matching words: bold and the product placeholder. */
function plain(text: string): string {
  return text.replace(/\*\*/g, '').replace(/\{\{product\}\}/g, 'Ordo').replace(/\s+/g, ' ').trim();
}

/** Sentence ends: a full stop, question or exclamation mark followed by a space and a capital or markup. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z`[(*"])/;

function sentences(block: string[], firstLine: number): Statement[] {
  // Remember where each source line starts in the joined text, to map sentences back to lines.
  const starts: number[] = [];
  let joined = '';
  for (const line of block) {
    starts.push(joined.length);
    joined += line.trim() + ' ';
  }
  const lineAt = (offset: number) => {
    let index = 0;
    while (index + 1 < starts.length && starts[index + 1]! <= offset) index++;
    return firstLine + index;
  };
  const result: Statement[] = [];
  let offset = 0;
  for (const part of joined.split(SENTENCE_END)) {
    const at = joined.indexOf(part, offset);
    offset = at + part.length;
    const text = plain(part);
    if (text) result.push({ line: lineAt(at), text });
  }
  return result;
}

/** Every statement of a markdown page, with 1-based line numbers. */
export function statementsOf(source: string): Statement[] {
  const lines = source.split('\n');
  const result: Statement[] = [];
  let index = 0;

  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    for (let i = 1; i < end; i++) {
      const description = /^description:\s*(.+)$/.exec(lines[i]!);
      if (description) result.push({ line: i + 1, text: plain(description[1]!) });
    }
    index = end + 1;
  }

  let block: string[] = [];
  let blockStart = 0;
  const flush = () => {
    if (block.length) result.push(...sentences(block, blockStart));
    block = [];
  };

  for (; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      const fence = line.trim().slice(0, 3);
      for (index++; index < lines.length && !lines[index]!.trim().startsWith(fence); index++) {
        result.push({ line: index + 1, text: plain(lines[index]!) });
      }
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flush();
      if (!/^\s*\|[\s|:-]+\|\s*$/.test(line)) result.push({ line: index + 1, text: plain(line) });
      continue;
    }
    const startsItem = /^\s*([-*+]|\d+\.)\s/.test(line) || /^#{1,6}\s|^:::/.test(line);
    if (!line.trim() || startsItem) flush();
    if (!line.trim()) continue;
    if (!block.length) blockStart = index + 1;
    block.push(line);
    if (/^#{1,6}\s|^:::/.test(line)) flush();
  }
  flush();
  return result;
}
