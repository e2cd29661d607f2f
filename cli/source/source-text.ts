// A page's text as the build reads it (its file's UTF-8 without a byte-order mark, placeholders
// filled in), and docs whose text is read from the file only when a stage asks for it: a page
// the scan took from its cache (./scan-cache.ts) was not read, and most builds never need its
// text (its markdown is cached too).
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { readUtf8 } from './read-text.ts';
import { applyEdits, substituteMarkdown, type PlaceholderValues, type TextEdit } from './placeholders.ts';
import type { SourceDoc } from './source-types.ts';

/** `edits` is told what filling in the placeholders replaced (see readTextWhenAsked). */
export function readSourceText(absPath: string, displayPath: string, placeholders: PlaceholderValues, report: (d: Diagnostic) => void, edits?: TextEdit[]): string {
  return substituteMarkdown(readFileText(absPath, displayPath, report), placeholders, displayPath, report, edits);
}

function readFileText(absPath: string, displayPath: string, report: (d: Diagnostic) => void): string {
  return readUtf8(absPath, displayPath, report).replace(/^\uFEFF/, '');
}

/** What names a page's text (the markdown cache's key, ../pipeline/stages/markdown.ts). */
export function sourceHashOf(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * Whether the page's file holds the text whose hash is `sourceHash` once `edits` fill in its
 * placeholders (./scan-cache.ts asks it of a page whose stamp changed). A file that
 * cannot be read, or holds other text, does not: the scan then reads it and reports what it finds.
 */
export function holdsText(absPath: string, displayPath: string, edits: readonly TextEdit[], sourceHash: string): boolean {
  try {
    return sourceHashOf(applyEdits(readFileText(absPath, displayPath, () => undefined), edits)) === sourceHash;
  } catch {
    return false;
  }
}

/** Texts read from their files after the scan, since the process started (HELPGEN_TIMINGS prints them). */
export const laterReads = { count: 0 };

/**
 * Makes `doc.source` read the page's file each time it is asked for (nothing is kept: a stage
 * that reads every page's text would otherwise hold them all). What the file says must be what
 * the scan saw, whose hash the doc carries: a page saved again after the scan, while the build
 * runs, fails the build rather than mixing the page's old title, route and front matter with its
 * new text. (A build that read every page at the start could not see the save at all; one that
 * reads a page later can, and says so. The next build reads the saved page, its stamp having
 * changed.) The warnings reading gives were the scan's, and are not said twice. The placeholders
 * are filled in again by `edits`, the replacements the scan made (finding the code on a page
 * anew, to leave placeholders in code alone, cost more than reading it).
 */
export function readTextWhenAsked(doc: SourceDoc, edits: readonly TextEdit[]): void {
  const { absPath, displayPath } = doc;
  Object.defineProperty(doc, 'source', {
    configurable: true,
    enumerable: true,
    // `this`, not `doc`: a copy of the doc (a folder's page given its folder's address) reads the same way.
    get(this: SourceDoc) {
      laterReads.count++;
      let text: string;
      try {
        text = applyEdits(readFileText(absPath, displayPath, () => undefined), edits);
      } catch (error) {
        throw changedDuringBuild(displayPath, `it can no longer be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
      if (sourceHashOf(text) !== this.sourceHash) throw changedDuringBuild(displayPath, 'its text is no longer what it was when the build started');
      return text;
    },
    set(this: SourceDoc, text: string) {
      Object.defineProperty(this, 'source', { value: text, writable: true, enumerable: true, configurable: true });
    },
  });
}

function changedDuringBuild(displayPath: string, what: string): HelpgenError {
  return new HelpgenError(`${displayPath} changed while the site was being built: ${what}`, {
    position: { file: displayPath },
    hint: 'A page saved (or moved) during a build cannot be built from the text the build started with. Build again once it is saved: the next build reads it.',
  });
}
