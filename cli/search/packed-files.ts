// How the index worker hands its files to the main thread: every file's text encoded back to
// back into one buffer, which moves to the main thread instead of being copied (see
// Transferring in ../pipeline/worker-pool.ts). Posted as strings, the files of an 8,500-page
// site (65,000 files, 62 MB) were copied into the main thread's heap as it took them, which
// grew by ~300 MB at the very moment the worker still held the whole index: the build's peak
// memory. The main thread only writes these files, so it never needs them as strings: each
// file's contents is a view of the buffer, written to disk as it is.
import type { LocalIndexFiles } from './shards.ts';

/** The index files as the main thread takes them from the worker: the entry as text, each other file as its bytes. */
export interface WorkerIndexFiles {
  indexJson: string;
  files: { path: string; json: Uint8Array }[];
  /** Pages the worker analysed (the others it took from the index memo, ./index-memo.ts). */
  analysedPages?: number;
}

/** LocalIndexFiles as one buffer: `ends[i]` is where file i's bytes end (the entry's bytes come first). */
export interface PackedIndexFiles {
  paths: string[];
  ends: Uint32Array;
  bytes: Uint8Array;
  analysedPages?: number;
}

const utf8 = new TextEncoder();

export function packIndexFiles({ indexJson, files }: LocalIndexFiles): PackedIndexFiles {
  const texts = [indexJson, ...files.map((file) => file.json)];
  const ends = new Uint32Array(texts.length);
  let size = 0;
  for (const [i, text] of texts.entries()) ends[i] = size += Buffer.byteLength(text);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const [i, text] of texts.entries()) {
    utf8.encodeInto(text, bytes.subarray(at, ends[i]));
    at = ends[i]!;
  }
  return { paths: files.map((file) => file.path), ends, bytes };
}

/** The buffers to move along with a packed answer. */
export function packedBuffers(packed: PackedIndexFiles): ArrayBuffer[] {
  return [packed.ends.buffer as ArrayBuffer, packed.bytes.buffer as ArrayBuffer];
}

/** The files again, each file's contents a view of the one buffer (the entry, which the build reads, as text). */
export function unpackIndexFiles({ paths, ends, bytes, analysedPages }: PackedIndexFiles): WorkerIndexFiles {
  const indexJson = new TextDecoder().decode(bytes.subarray(0, ends[0]));
  const files = paths.map((path, i) => ({ path, json: bytes.subarray(ends[i]!, ends[i + 1]) }));
  return { indexJson, files, analysedPages };
}
