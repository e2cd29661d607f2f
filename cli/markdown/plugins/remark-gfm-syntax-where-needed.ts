// Parses each page with only the GFM syntax its text could contain.
//
// micromark tries a construct wherever its trigger character appears, and GFM's triggers are
// everywhere: the autolink-literal constructs are registered on every letter and digit (the
// start of any word could be an email address), and the table construct is tried at the start
// of every line. Parsing our 945 KB of content with all of GFM took 1.3 s against 0.6 s for
// CommonMark alone; autolink literals and tables were 0.3 s each, footnotes, strikethrough
// and task lists 0.05–0.1 s each.
//
// Each of those constructs can only produce something when the page holds a specific piece of
// text (listed with each feature below, from reading the tokenizers), and when it produces
// nothing the tokens, and so the tree, are the same as without it. So for each page this
// plugin leaves out the constructs whose text is absent, and hands remark-parse the rest. The
// filtered extension lists are made once per combination of features and reused.
//
// Nearly every page has a table, so the table construct also gets a cheaper test per line: a
// table head must be followed by a delimiter row, so where the next line is not one, and no
// table is open, it gives up at once instead of reading the line as a row first. The email
// autolink construct likewise gives up at once at a word no `@` follows.
import type { Processor } from 'unified';

interface GfmFeature {
  /** micromark construct names, as the GFM extensions name them. */
  constructs: string[];
  /** False only when the page cannot contain this syntax. */
  couldOccur(doc: string): boolean;
}

const FEATURES: GfmFeature[] = [
  // The three autolink literals apart: the email one is tried at every letter and digit, so a
  // page with a link in it (`https:`) but no `@` would otherwise pay for it on every word (at
  // 1,680 pages of the shared corpus, a quarter of the pages have a URL and none an `@`: the
  // email construct was an eighth of their parse). `www.` and `http:`/`https:` are matched
  // case-insensitively, as the tokenizers read them.
  { constructs: ['wwwAutolink'], couldOccur: (doc) => /www\./i.test(doc) },
  { constructs: ['protocolAutolink'], couldOccur: (doc) => /https?:/i.test(doc) },
  { constructs: ['emailAutolink'], couldOccur: (doc) => doc.includes('@') },
  // A definition `[^label]:` and a call `[^label]` both start with `[^`.
  { constructs: ['gfmFootnoteDefinition', 'gfmFootnoteCall', 'gfmPotentialFootnoteCall'], couldOccur: (doc) => doc.includes('[^') },
  { constructs: ['strikethrough'], couldOccur: (doc) => doc.includes('~') },
  // `[ ]`, `[x]` or `[X]`, where the blank may be a space, a tab or a line ending, and after a
  // line ending come the next line's container prefixes (a list item's indent, `> `), which
  // the tokenizer has consumed by then: `- [\n  ] task` is a task.
  { constructs: ['tasklistCheck'], couldOccur: (doc) => /\[(?:[ \txX]|(?:\r\n?|\n)[ \t>]*)\]/.test(doc) },
  { constructs: ['table'], couldOccur: hasTableDelimiterRow },
];

/**
 * A table needs a delimiter row: after any blockquote markers and indentation, a line of `-`,
 * `:`, `|` and blanks with at least one `-` and at least one `|` or `:` (the tokenizer refuses
 * a row of dashes alone). A table body cannot come without a head.
 */
const DELIMITER_ROW = '^[ \\t>]*(?=[^\\n\\r]*-)(?=[^\\n\\r]*[|:])[-:| \\t]+$';
const DELIMITER_ROW_LINE = new RegExp(DELIMITER_ROW);
const DELIMITER_ROW_ANYWHERE = new RegExp(DELIMITER_ROW, 'm');

function hasTableDelimiterRow(doc: string): boolean {
  return DELIMITER_ROW_ANYWHERE.test(doc);
}

const LINE_END = /\r\n?|\n/g;

/** True when the line after `offset` in `doc` could be a table's delimiter row. */
function nextLineIsDelimiterRow(doc: string, offset: number): boolean {
  LINE_END.lastIndex = offset;
  const end = LINE_END.exec(doc);
  if (!end) return false;
  const start = end.index + end[0].length;
  LINE_END.lastIndex = start;
  const after = LINE_END.exec(doc);
  return DELIMITER_ROW_LINE.test(doc.slice(start, after ? after.index : doc.length));
}

interface TokenizeContext {
  events: [string, { type: string }][];
  now(): { offset: number };
}
interface Construct {
  name?: string;
  tokenize(this: TokenizeContext, effects: unknown, ok: unknown, nok: (code: unknown) => unknown): unknown;
}

/** The table construct, told to refuse a line at once when it can neither open nor continue a table. */
function withTablePrecheck(table: Construct, currentDoc: () => string): Construct {
  return {
    ...table,
    tokenize(effects, ok, nok) {
      if (!tableIsOpen(this) && !nextLineIsDelimiterRow(currentDoc(), this.now().offset)) return nok;
      return table.tokenize.call(this, effects, ok, nok);
    },
  };
}

/**
 * The email autolink construct, told to refuse a word at once unless an `@` follows it. It is
 * tried at the start of every word of a page with an `@` anywhere, and read each word through
 * (entering tokens and consuming it character by character) before finding no `@` after it: on
 * our site, where every page with an `@` has it in an `inline code` example, that was most of
 * the construct's cost. The page's text holds the same characters the tokenizer would read: a
 * word (gfmAtext) ends at a line ending, a tab, an escape or a character reference, and the
 * tokenizer refuses the word then too.
 */
function withEmailPrecheck(email: Construct, currentDoc: () => string): Construct {
  return {
    ...email,
    tokenize(effects, ok, nok) {
      const doc = currentDoc();
      let at = this.now().offset;
      while (at < doc.length && isEmailAtext(doc.charCodeAt(at))) at++;
      if (doc.charCodeAt(at) !== 64 /* @ */) return nok;
      return email.tokenize.call(this, effects, ok, nok);
    },
  };
}

/** micromark-extension-gfm-autolink-literal's gfmAtext: ASCII letters and digits, `+`, `-`, `.` and `_`. */
function isEmailAtext(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 43 || code === 45 || code === 46 || code === 95;
}

/** Whether the last real token is a table's head or row, which is how the tokenizer decides a line may be a body row. */
function tableIsOpen(context: TokenizeContext): boolean {
  for (let index = context.events.length - 1; index >= 0; index--) {
    const type = context.events[index][1].type;
    if (type !== 'lineEnding' && type !== 'linePrefix') return type === 'tableHead' || type === 'tableRow';
  }
  return false;
}

/** The features `doc` cannot contain, one bit each (bit n: FEATURES[n]). */
function absentFeatures(doc: string): number {
  let absent = 0;
  FEATURES.forEach((feature, bit) => {
    if (!feature.couldOccur(doc)) absent |= 1 << bit;
  });
  return absent;
}

function constructsOf(features: number): string[] {
  return FEATURES.filter((_, bit) => features & (1 << bit)).flatMap((feature) => feature.constructs);
}

/** The names of the GFM constructs the parse of `doc` leaves out. */
export function constructsLeftOut(doc: string): string[] {
  return constructsOf(absentFeatures(doc));
}

type ConstructRecord = Record<string, unknown>;
type SyntaxExtension = Record<string, unknown>;
type Parser = NonNullable<Processor['parser']>;

export function remarkGfmSyntaxWhereNeeded(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  const parse = this.parser; // remark-parse's, which reads `micromarkExtensions` on every call
  if (!parse) return;
  const byFeatures = new Map<number, unknown[]>();
  let doc = '';
  // One wrapper per construct, whichever characters it is registered on (the email one: every letter and digit).
  const adapted = new Map<Construct, Construct>();
  const adapt = (construct: Construct) => {
    let wrapped = adapted.get(construct);
    if (!wrapped) {
      if (construct.name === 'table') wrapped = withTablePrecheck(construct, () => doc);
      else if (construct.name === 'emailAutolink') wrapped = withEmailPrecheck(construct, () => doc);
      else wrapped = construct;
      adapted.set(construct, wrapped);
    }
    return wrapped;
  };

  const parseScoped: Parser = (value, file) => {
    const all = data.micromarkExtensions;
    if (!all) return parse(value, file);
    const absent = absentFeatures(value);
    let extensions = byFeatures.get(absent);
    if (!extensions) {
      extensions = adaptConstructs(all, new Set(constructsOf(absent)), adapt);
      byFeatures.set(absent, extensions);
    }
    // remark-parse reads the list when called, and parsing is synchronous, so lending it the
    // adapted list (and the table test the text) for this one call is safe.
    data.micromarkExtensions = extensions;
    doc = value;
    try {
      return parse(value, file);
    } finally {
      data.micromarkExtensions = all;
      doc = '';
    }
  };
  this.parser = parseScoped;
}

/** A copy of micromark extensions (nested lists allowed) without the constructs named in `omit`, and each other construct passed through `adapt`. */
function adaptConstructs(extensions: unknown[], omit: Set<string>, adapt: (construct: Construct) => Construct): unknown[] {
  return extensions.map((extension) => {
    if (Array.isArray(extension)) return adaptConstructs(extension, omit, adapt);
    if (!extension || typeof extension !== 'object') return extension;
    const copy: SyntaxExtension = {};
    for (const [field, value] of Object.entries(extension as SyntaxExtension)) {
      // `attentionMarkers` and `disable` hold character codes and names, not constructs.
      copy[field] = field === 'attentionMarkers' || field === 'disable' ? value : adaptRecord(value as ConstructRecord, omit, adapt);
    }
    return copy;
  });
}

function adaptRecord(record: ConstructRecord, omit: Set<string>, adapt: (construct: Construct) => Construct): ConstructRecord {
  const kept: ConstructRecord = {};
  for (const [code, value] of Object.entries(record)) {
    const constructs = (Array.isArray(value) ? (value as Construct[]) : [value as Construct])
      .filter((construct) => !omit.has(construct.name ?? ''))
      .map(adapt);
    if (constructs.length === 0) continue;
    kept[code] = Array.isArray(value) ? constructs : constructs[0];
  }
  return kept;
}
