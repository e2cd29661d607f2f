// How the index worker hands its files to the main thread: the files of a part (./index-worker.ts
// hands them over in parts of about PART_BYTES) encoded back to back into one buffer, which moves
// to the main thread instead of being copied (see Transferring in ../pipeline/worker-pool.ts).
// Posted as strings, the files of an 8,500-page site (65,000 files, 62 MB) were copied into the
// main thread's heap as it took them, which grew by ~300 MB at the very moment the worker still
// held the whole index: the build's peak memory. The main thread only writes these files, so it
// never needs them as strings: each file's contents is a view of its part's buffer, written to
// disk as it is. Handed over whole, the one buffer was 35 MB at 8,500 pages and ~210 MB at
// 50,000, held by the main thread until its last file was written.
import type { IndexFile } from './shards.ts';

/** Bytes of files a part holds, at least (the part ends after the file that reaches this, or at the last file). */
export const PART_BYTES = 4 * 2 ** 20;

/** A part of the index files as the main thread takes it from the worker: each file as its bytes, and in the last part the entry as text. */
export interface WorkerIndexFiles {
  files: { path: string; json: Uint8Array }[];
  /** The entry, in the last part only (it names every file of the parts before). */
  indexJson?: string;
  /** Pages the worker analysed (the others it took from the index memo, ./index-memo.ts); in the last part. */
  analysedPages?: number;
}

/** A part's files as one buffer: `ends[i]` is where file i's bytes end. */
export interface PackedIndexFiles {
  paths: string[];
  ends: Uint32Array;
  bytes: Uint8Array;
  indexJson?: string;
  analysedPages?: number;
}

const utf8 = new TextEncoder();

export function packIndexFiles(files: readonly IndexFile[], indexJson?: string): PackedIndexFiles {
  const ends = new Uint32Array(files.length);
  let size = 0;
  for (const [i, file] of files.entries()) ends[i] = size += Buffer.byteLength(file.json);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const [i, file] of files.entries()) {
    utf8.encodeInto(file.json, bytes.subarray(at, ends[i]));
    at = ends[i]!;
  }
  return { paths: files.map((file) => file.path), ends, bytes, indexJson };
}

/** The buffers to move along with a packed answer. */
export function packedBuffers(packed: PackedIndexFiles): ArrayBuffer[] {
  return [packed.ends.buffer as ArrayBuffer, packed.bytes.buffer as ArrayBuffer];
}

/** The files again, each file's contents a view of the part's one buffer. */
export function unpackIndexFiles({ paths, ends, bytes, indexJson, analysedPages }: PackedIndexFiles): WorkerIndexFiles {
  const files = paths.map((path, i) => ({ path, json: bytes.subarray(i > 0 ? ends[i - 1]! : 0, ends[i]!) }));
  return { files, indexJson, analysedPages };
}

/**
 * Takes files from `made` until they hold PART_BYTES (or it ends), packed; with the entry's text
 * when it ended. The files taken are let go as soon as they are packed.
 */
export function nextPart(made: Iterator<IndexFile, string>): PackedIndexFiles {
  const files: IndexFile[] = [];
  let size = 0;
  while (size < PART_BYTES) {
    const next = made.next();
    if (next.done) return packIndexFiles(files, next.value);
    files.push(next.value);
    size += next.value.json.length;
  }
  return packIndexFiles(files);
}
