// Reading content files as text, and the two ways a file can fail to be text: its name is not
// valid UTF-8 (Node can list it but not open it by that name), or its bytes are not.
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A file's text. Bytes that are not UTF-8 are read as U+FFFD (so the page still builds) and
 * reported once, with the byte offset of the first one and its line and column. Read
 * synchronously: a content file is small, and fs.promises.readFile's four round trips through
 * the file-system threads (open, stat, read, close, each back through the event loop) cost the
 * scan more than the read itself (the scan of 8,500 pages: ~1.7 s with them, ~1.0 s without).
 */
export function readUtf8(absPath: string, displayPath: string, report: (diagnostic: Diagnostic) => void): string {
  const bytes = readFileSync(absPath);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const before = bytes.subarray(0, offset).toString('utf8');
    const lineStart = before.lastIndexOf('\n') + 1;
    report({
      severity: 'warning',
      code: 'invalid-utf8',
      message: `not valid UTF-8 at byte ${offset} (0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')}); such bytes are shown as �`,
      position: { file: displayPath, line: before.split('\n').length, column: before.length - lineStart + 1 },
      hint: 'Save the file as UTF-8 (editors call it "UTF-8" or "Unicode"); text copied from Windows-1252 or Latin-1 files often carries such bytes.',
    });
    return bytes.toString('utf8');
  }
}

/** Offset of the first byte that does not belong to a valid UTF-8 sequence (bytes.length when all do). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}

/** Length of the valid UTF-8 sequence at `i`, or 0 (RFC 3629: no overlongs, no surrogates, nothing past U+10FFFF). */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const first = bytes[i]!;
  if (first < 0x80) return 1;
  const continuation = (at: number, low = 0x80, high = 0xbf) => at < bytes.length && bytes[at]! >= low && bytes[at]! <= high;
  if (first >= 0xc2 && first <= 0xdf) return continuation(i + 1) ? 2 : 0;
  if (first >= 0xe0 && first <= 0xef) {
    const [low, high] = first === 0xe0 ? [0xa0, 0xbf] : first === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
  }
  if (first >= 0xf0 && first <= 0xf4) {
    const [low, high] = first === 0xf0 ? [0x90, 0xbf] : first === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

/**
 * When `path` (under `dir`, the folder listed) was listed with U+FFFD in its last segment and
 * cannot be opened, its name is not valid UTF-8: an error that shows the real bytes
 * (bad\xFFname.md), so the writer can find and rename the file. Undefined otherwise.
 */
export function invalidFileName(dir: string, shownDir: string, path: string): Diagnostic | undefined {
  const name = posix.basename(path);
  if (!name.includes('\uFFFD')) return undefined;
  const parent = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  let raw: Buffer | undefined;
  try {
    lstatSync(join(dir, path));
    return undefined; // a name that really holds U+FFFD opens fine
  } catch {
    raw = readdirSync(join(dir, parent), { encoding: 'buffer' }).find((entry) => entry.toString('utf8') === name && firstInvalidUtf8(entry) < entry.length);
  }
  if (!raw) return undefined;
  const shown = posix.join(shownDir, parent, escapeInvalidBytes(raw));
  return {
    severity: 'error',
    code: 'invalid-file-name',
    message: `the file name "${escapeInvalidBytes(raw)}" is not valid UTF-8, so it cannot be published`,
    position: { file: shown },
    hint: `Rename it with UTF-8 characters only, e.g. mv $'${shown}' ${posix.join(shownDir, parent, name.replace(/\uFFFD/g, '-'))}`,
  };
}

/** The name with each byte outside a valid sequence written as \xHH. */
function escapeInvalidBytes(raw: Buffer): string {
  let text = '';
  let i = 0;
  while (i < raw.length) {
    const length = sequenceLength(raw, i);
    if (length === 0) {
      text += `\\x${raw[i]!.toString(16).toUpperCase().padStart(2, '0')}`;
      i += 1;
    } else {
      text += raw.subarray(i, i + length).toString('utf8');
      i += length;
    }
  }
  return text;
}
