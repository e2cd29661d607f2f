// Names search files by their content: the same content always gets the same name.
import { createHash } from 'node:crypto';

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}
