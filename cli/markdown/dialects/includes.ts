// Includes of other files, in the three dialects writers bring:
//   mdBook            {{#include path}}  {{#rustdoc_include path:anchor}}  (path from the page's folder)
//   pymdownx snippets --8<-- "path"  or a block of paths between two "--8<--" lines
//   markdown-include  {! path !}
// A file inside content/ is put in place of the include (only the selected lines: see
// ./file-parts.ts), as those generators do before they read the markdown, so includes work
// in code blocks too. Snippets and markdown-include paths are read from content/ first (their
// base folder), then from the page's folder. Anything else (a file outside the site, a
// missing file or anchor, an include loop) stays as written, with one warning per page.
import { readFileSync } from 'node:fs';
import { posix, resolve, sep } from 'node:path';
import { selectPart } from './file-parts.ts';
import { type DialectReport, type SourceLine, madeLine } from './source-lines.ts';

export interface IncludeContext {
  contentDir: string;
  /** The including page, under content/. */
  relPath: string;
  isFile(absPath: string): boolean;
  /** Told each file whose text goes into the page. */
  includes?(absPath: string): void;
  report: DialectReport;
}

const MDBOOK = /(\\?)\{\{#(include|rustdoc_include)\s+([^}\s]+)\s*\}\}/g;
const SNIPPET_LINE = /^(\s*)(;?)--8<--\s+(["'])([^"']+)\3\s*$/;
const SNIPPET_BLOCK = /^\s*--8<--\s*$/;
const MARKDOWN_INCLUDE = /\{!\s*([^!}\s][^!}]*?)\s*!\}/g;
const MAX_DEPTH = 10;

export function expandIncludes(lines: SourceLine[], context: IncludeContext): SourceLine[] {
  return expand(lines, context, context.relPath, []);
}

function expand(lines: SourceLine[], context: IncludeContext, fromRel: string, stack: string[]): SourceLine[] {
  const out: SourceLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.text.includes('{') && !line.text.includes('--8<--')) {
      out.push(line);
      continue;
    }
    const snippet = SNIPPET_LINE.exec(line.text);
    if (snippet) {
      if (snippet[2]) out.push({ ...line, text: line.text.replace(';--8<--', '--8<--') });
      else out.push(...indentAll(include(snippet[4]!, 'snippet', line, context, fromRel, stack) ?? [line], snippet[1]!, line));
      continue;
    }
    if (SNIPPET_BLOCK.test(line.text)) {
      const end = lines.findIndex((l, j) => j > i && SNIPPET_BLOCK.test(l.text));
      if (end !== -1) {
        for (const pathLine of lines.slice(i + 1, end)) {
          const path = pathLine.text.trim();
          if (path && !path.startsWith(';')) out.push(...(include(path, 'snippet', pathLine, context, fromRel, stack) ?? [pathLine]));
        }
        i = end;
        continue;
      }
    }
    out.push(...replaceInline(line, context, fromRel, stack));
  }
  return out;
}

/** mdBook and markdown-include includes anywhere in a line: the file's lines in their place. */
function replaceInline(line: SourceLine, context: IncludeContext, fromRel: string, stack: string[]): SourceLine[] {
  const pieces: { start: number; end: number; lines: SourceLine[] | string }[] = [];
  for (const match of line.text.matchAll(MDBOOK)) {
    const start = match.index!;
    if (match[1]) pieces.push({ start, end: start + match[0].length, lines: match[0].slice(1) }); // \{{#include}}: written out, as mdBook does
    else {
      const included = include(match[3]!, 'mdbook', line, context, fromRel, stack, start);
      if (included) pieces.push({ start, end: start + match[0].length, lines: included });
    }
  }
  for (const match of line.text.matchAll(MARKDOWN_INCLUDE)) {
    const included = include(match[1]!, 'markdown-include', line, context, fromRel, stack, match.index!);
    if (included) pieces.push({ start: match.index!, end: match.index! + match[0].length, lines: included });
  }
  if (!pieces.length) return [line];
  pieces.sort((a, b) => a.start - b.start);
  const out: SourceLine[] = [];
  let current = '';
  let at = 0;
  for (const piece of pieces) {
    current += line.text.slice(at, piece.start);
    if (typeof piece.lines === 'string') current += piece.lines;
    else if (piece.lines.length) {
      const [first, ...rest] = piece.lines;
      out.push(madeLine(current + first!.text, line), ...rest.slice(0, -1).map((l) => madeLine(l.text, line)));
      current = rest.length ? rest.at(-1)!.text : out.pop()!.text;
    }
    at = piece.end;
  }
  out.push(madeLine(current + line.text.slice(at), line));
  return out;
}

type Dialect = 'mdbook' | 'snippet' | 'markdown-include';

/** The lines of one include, or undefined (reported) when it cannot be read. */
function include(written: string, dialect: Dialect, at: SourceLine, context: IncludeContext, fromRel: string, stack: string[], column = 0): SourceLine[] | undefined {
  const { path, selector } = splitSelector(written, dialect);
  const pageDir = posix.dirname(fromRel);
  const candidates = dialect === 'mdbook' ? [posix.join(pageDir, path)] : [posix.normalize(path), posix.join(pageDir, path)];
  const rel = candidates.find((candidate) => isInside(candidate) && context.isFile(resolve(context.contentDir, candidate)));
  const syntax = dialect === 'mdbook' ? '{{#include …}}' : dialect === 'snippet' ? '--8<--' : '{! … !}';
  if (!rel) {
    const outside = candidates.every((candidate) => !isInside(candidate));
    context.report.note(
      'include-not-found',
      at,
      column + 1,
      `${syntax} of "${path}" shown as written: ${outside ? 'the file is outside content/' : 'no such file in content/'}`,
      'Includes read files inside content/ only: copy the file into content/ (beside the page) and include it from there, or paste its text into the page.',
    );
    return undefined;
  }
  if (stack.includes(rel) || stack.length >= MAX_DEPTH) {
    context.report.note('include-loop', at, column + 1, `${syntax} of "${path}" shown as written: it includes itself`, 'Remove the include that leads back to this file.');
    return undefined;
  }
  context.includes?.(resolve(context.contentDir, rel));
  const part = selectPart(readFileSync(resolve(context.contentDir, rel), 'utf8'), selector);
  if ('missing' in part) {
    context.report.note('include-part-not-found', at, column + 1, `${syntax} of "${written}" shown as written: the file has no ${part.missing}`, 'Check the line numbers or the ANCHOR name after the path.');
    return undefined;
  }
  const lines = part.lines.map((text) => madeLine(text, at));
  return expand(lines, context, rel, [...stack, rel]);
}

/** "path:2:10" → path and "2:10"; a Windows-looking "C:\…" is not a selector. */
function splitSelector(written: string, dialect: Dialect): { path: string; selector?: string } {
  const colon = written.indexOf(':', dialect === 'mdbook' ? 0 : 2);
  if (colon === -1) return { path: written };
  return { path: written.slice(0, colon), selector: written.slice(colon + 1) };
}

const isInside = (rel: string) => !rel.startsWith('../') && rel !== '..' && !posix.isAbsolute(rel) && !rel.split(sep).includes('..');

/** A snippet written indented (in a list, an admonition) is indented the same. */
function indentAll(lines: SourceLine[], indent: string, at: SourceLine): SourceLine[] {
  return indent ? lines.map((l) => (l === at ? l : { ...l, text: l.text ? indent + l.text : l.text })) : lines;
}
