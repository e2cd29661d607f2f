// A page as the search index worker is handed it (./index-feed.ts, ./local-index.ts), and the
// key its memo knows it by (./index-memo.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * A page as the worker is handed it: its fields as JSON, and its records as JSON text or as the
 * build cache's file of them (../pipeline/doc-records.ts), named by their hash. A warm build
 * hands over the file, which the worker reads only for a page its memo does not know: reading
 * and hashing every unchanged page's records (~26 KB of JSON a page) cost a warm build of 8,500
 * pages ~0.8 s of CPU.
 */
export interface FedPageMessage {
  fields: string;
  records?: string;
  recordsFile?: KeptRecordsFile;
}

/** A file of a page's records, and the SHA-1 (hex) of its text, which names it. */
export interface KeptRecordsFile {
  path: string;
  hash: string;
}

/** The memo's key of a page: its fields and the hash of its records' text, however they came. */
export function fedPageKey({ fields, records, recordsFile }: FedPageMessage): string {
  const recordsHash = recordsFile?.hash ?? createHash('sha1').update(records!).digest('hex');
  return createHash('sha1').update(fields).update('\n').update(recordsHash).digest('base64');
}

/** The page's records as JSON text: as handed over, or read from their file. */
export function fedRecordsJson({ records, recordsFile }: FedPageMessage): string {
  return records ?? readFileSync(recordsFile!.path, 'utf8');
}
