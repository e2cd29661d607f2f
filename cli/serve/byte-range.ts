// What part of a file a request's `Range` header asks for (RFC 9110 §14). Safari will not play a
// <video> from a server that answers its `bytes=0-1` probe with the whole file, so `serve` and
// `dev` answer one satisfiable range with 206 and its bytes, and an unsatisfiable one with 416.
// A malformed header, another unit or several ranges get the whole file, as §14.2 allows
// (a server may always ignore Range; multipart answers are not worth their weight here).
import parseRange from 'range-parser';

export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const WHOLE: ByteRange = { kind: 'whole' };

/**
 * The range a GET answer should hold. Range is defined for GET only (HEAD gets the whole file's
 * headers), and an `If-Range` asks for the part only if the file is the version the client has:
 * these servers send no validator to compare it with, so the whole file is the safe answer.
 */
export function byteRangeOf(header: string | undefined, size: number, method: string | undefined, ifRange: string | string[] | undefined): ByteRange {
  if (header === undefined || method !== 'GET' || ifRange !== undefined) return WHOLE;
  const equals = header.indexOf('=');
  if (equals === -1 || header.slice(0, equals).trim().toLowerCase() !== 'bytes' || header.includes(',', equals)) return WHOLE;
  // A spec whose last byte comes before its first is invalid (§14.1.1), not unsatisfiable as
  // range-parser counts it.
  if ([...header.matchAll(/(\d+)\s*-\s*(\d+)/g)].some(([, first, last]) => Number(last) < Number(first))) return WHOLE;
  const ranges = parseRange(size, `bytes${header.slice(equals)}`);
  if (ranges === -2) return WHOLE;
  const range = ranges === -1 ? undefined : ranges[0];
  return range ? { kind: 'part', start: range.start, end: range.end } : { kind: 'unsatisfiable' };
}

/** The headers of a 206 or 416 answer for a file of `size` bytes. */
export function rangeHeaders(range: ByteRange, size: number): Record<string, string> {
  if (range.kind === 'part') return { 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(range.end - range.start + 1) };
  if (range.kind === 'unsatisfiable') return { 'Content-Range': `bytes */${size}` };
  return { 'Content-Length': String(size) };
}
