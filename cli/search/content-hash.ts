// Names search files by their content: the same content always gets the same name.
import { createHash } from 'node:crypto';

/** A hash of the text, or of a list of texts (each ended by a newline, so ["ab"] ≠ ["a", "b"]). */
export function contentHash(text: string | readonly string[]): string {
  return digest(text).toString('hex').slice(0, 10);
}

/**
 * A hash of `length` base-36 characters (lower case, so names that differ only in case never
 * meet on a case-insensitive disk): 5 characters are 25 bits, 8 are 41.
 */
export function shortHash(text: string | readonly string[], length: number): string {
  // The last digits: the first of a 64-bit number in base 36 is only ever 0 to 3.
  return digest(text).readBigUInt64BE(0).toString(36).padStart(13, '0').slice(-length);
}

function digest(text: string | readonly string[]): Buffer {
  const hash = createHash('sha256');
  if (typeof text === 'string') hash.update(text);
  else for (const part of text) hash.update(part).update('\n');
  return hash.digest();
}
