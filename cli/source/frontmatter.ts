// Reads the YAML front matter block of a markdown file. Errors carry the file's own line and
// column, e.g. content/x.md:3:5, so a writer can jump straight to the mistake.
import { parseDocument, isMap, isScalar, LineCounter } from 'yaml';
import { z } from 'zod';
import { HelpgenError } from '../diagnostics/errors.ts';

// YAML reads `[review, 360]` as a string and a number: a keyword or tag is text either way.
const listItem = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const stringList = z.union([z.array(listItem), z.string().transform((s) => [s])]);

export const frontMatterSchema = z.looseObject({
  title: z.string().optional(),
  description: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().optional(),
  id: z.string().optional(),
  tags: stringList.optional(),
  keywords: stringList.optional(),
  hide_table_of_contents: z.boolean().optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  draft: z.boolean().optional(),
});

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface FrontMatterResult {
  data: FrontMatter;
  /** Number of lines the block takes, including both --- fences (0 when there is none). */
  lineCount: number;
}

const OPEN = /^---[ \t]*\r?\n/;

export function parseFrontMatter(source: string, file: string): FrontMatterResult {
  if (!OPEN.test(source)) return { data: {}, lineCount: 0 };
  const afterOpen = source.replace(OPEN, '');
  const close = /^---[ \t]*$/m.exec(afterOpen);
  if (!close) {
    throw new HelpgenError('front matter is not closed', {
      position: { file, line: 1, column: 1 },
      hint: 'Add a line with three dashes (---) after the last front matter line.',
    });
  }
  // Without its final line break, so an error found at the very end points at the last line.
  const yamlText = afterOpen.slice(0, close.index).replace(/\r?\n$/, '');
  const lineCount = yamlText.split('\n').length + 2;
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const pos = lineCounter.linePos(firstError.pos[0]);
    throw new HelpgenError(`invalid front matter: ${firstLine(firstError.message)}`, {
      position: { file, line: pos.line + 1, column: pos.col },
      hint: 'Front matter is YAML: "key: value" per line; quote values that contain ": " or start with [ { # & * !.',
    });
  }
  const raw = doc.toJS() ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HelpgenError('front matter must be a set of "key: value" lines', {
      position: { file, line: 2, column: 1 },
    });
  }
  const result = frontMatterSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const at = keyPosition(doc, lineCounter, key);
    const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
    throw new HelpgenError(`front matter "${where}": ${issue.message}`, {
      position: { file, line: (at?.line ?? 1) + 1, column: at?.col ?? 1 },
      hint: frontMatterHint(key),
    });
  }
  return { data: result.data, lineCount };
}

function keyPosition(doc: ReturnType<typeof parseDocument>, counter: LineCounter, key: string) {
  if (!isMap(doc.contents)) return undefined;
  for (const pair of doc.contents.items) {
    if (isScalar(pair.key) && pair.key.value === key && pair.key.range) return counter.linePos(pair.key.range[0]);
  }
  return undefined;
}

function frontMatterHint(key: string): string {
  switch (key) {
    case 'sidebar_position':
      return 'Use a number, e.g. "sidebar_position: 3".';
    case 'tags':
    case 'keywords':
      return `Use a list, e.g. "${key}: [lock, unlock]".`;
    case 'hide_table_of_contents':
      return 'Use true or false.';
    default:
      return 'Quote the value if it is text, e.g. title: "Lock a record".';
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
