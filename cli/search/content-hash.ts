// Names search files by their content: the same content always gets the same name.
import { createHash } from 'node:crypto';

/** A hash of the text, or of a list of texts (each ended by a newline, so ["ab"] ≠ ["a", "b"]). */
export function contentHash(text: string | readonly string[]): string {
  const hash = createHash('sha256');
  if (typeof text === 'string') hash.update(text);
  else for (const part of text) hash.update(part).update('\n');
  return hash.digest('hex').slice(0, 10);
}
