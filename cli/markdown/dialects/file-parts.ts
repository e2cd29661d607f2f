// The part of an included file a selector asks for, as mdBook reads one after the path:
// "file.rs:2" (line 2), ":2:" (from line 2), "::10" (up to line 10), ":2:10" (lines 2 to 10,
// counted from 1), or ":name" (the lines between "ANCHOR: name" and "ANCHOR_END: name").
// Lines that are themselves anchor markers are never shown. pymdownx snippets' "file:2:10"
// ranges and "--8<-- [start:name]" sections are read the same way.

const ANCHOR_LINE = /(?:ANCHOR(?:_END)?:\s*[\w-]+|--8<--\s*\[(?:start|end):[\w-]+\])/;

export type PartResult = { lines: string[] } | { missing: string };

/** The lines of `text` that `selector` (what follows the path's ":", or undefined) selects. */
export function selectPart(text: string, selector: string | undefined): PartResult {
  const all = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const visible = (lines: string[]) => lines.filter((line) => !ANCHOR_LINE.test(line));
  if (selector === undefined || selector === '') return { lines: visible(all) };
  const range = /^(\d*)(?::(\d*))?$/.exec(selector);
  if (range && (range[1] || range[2] !== undefined)) {
    const start = range[1] ? Number(range[1]) : 1;
    const end = range[2] === undefined ? start : range[2] === '' ? all.length : Number(range[2]);
    if (start < 1 || start > all.length) return { missing: `line ${start} (the file has ${all.length})` };
    return { lines: visible(all.slice(start - 1, Math.min(end, all.length))) };
  }
  const name = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const open = new RegExp(`(?:ANCHOR:\\s*${name}\\b|--8<--\\s*\\[start:${name}\\])`);
  const close = new RegExp(`(?:ANCHOR_END:\\s*${name}\\b|--8<--\\s*\\[end:${name}\\])`);
  const from = all.findIndex((line) => open.test(line));
  if (from === -1) return { missing: `the anchor "${selector}"` };
  let to = all.findIndex((line, i) => i > from && close.test(line));
  if (to === -1) to = all.length;
  return { lines: visible(all.slice(from + 1, to)) };
}
