// Errors meant for people: each one names where the problem is and how to fix it.
// The CLI prints them without a stack trace (unless --debug) and exits non-zero.

export interface SourcePosition {
  file: string; // path relative to the site folder, e.g. content/records/locking.md
  line?: number;
  column?: number;
}

export class HelpgenError extends Error {
  readonly position?: SourcePosition;
  readonly hint?: string;
  /** The process exit code (1 unless said otherwise; 2 when helpgen refused to run, e.g. an unsafe --out). */
  readonly exitCode: number;

  constructor(message: string, options: { position?: SourcePosition; hint?: string; cause?: unknown; exitCode?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HelpgenError';
    this.position = options.position;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** Thrown when several problems were found at once (for example every broken link of a build). */
export class HelpgenAggregateError extends HelpgenError {
  readonly problems: Diagnostic[];
  constructor(message: string, problems: Diagnostic[]) {
    super(message);
    this.name = 'HelpgenAggregateError';
    this.problems = problems;
  }
}

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  message: string;
  position?: SourcePosition;
  hint?: string;
  /** A short code that tests and tools can match on, e.g. broken-link, broken-anchor. */
  code: string;
  /**
   * False for a warning about publishing rather than about the content (url not set yet):
   * printed on every build, but not a failure under --strict, so a new site's CI passes.
   */
  failsStrict?: false;
  /**
   * The address a link to a missing page points at (broken-markdown-link): the build adds
   * "Did you mean …" from the routes of the build that reports it, so a page read from the
   * build cache gets a suggestion as current as a page just rendered.
   */
  missingTarget?: string;
}

/** 1-based line and column of `offset` in `text`; an offset past the end (errors found at the end of the input) points just after the last character. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.min(offset, text.length));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

export function formatPosition(position: SourcePosition | undefined): string {
  if (!position) return '';
  let text = position.file;
  if (position.line !== undefined) {
    text += `:${position.line}`;
    if (position.column !== undefined) text += `:${position.column}`;
  }
  return text;
}

export function isHelpgenError(error: unknown): error is HelpgenError {
  return error instanceof HelpgenError;
}
