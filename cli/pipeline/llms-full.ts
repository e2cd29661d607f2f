// llms-full.txt, every doc page's twin in reading order, assembled while the output writes it
// (../output/output.ts, `chunks`): each twin made in this build comes from memory, and each
// unchanged one from the llms-full.txt the output holds, where the last build put it (its
// offset worked out from the record of that file, ./twin-record.ts). The twins of a warm build
// are mostly unchanged and in the same order, so the file is a few long ranges of the old one
// and the twins that changed: one file read, instead of making every twin again (at 8,500 pages
// ~0.5 s of the main thread) or reading every twin's file.
import { open, type FileHandle } from 'node:fs/promises';
import { HelpgenError } from '../diagnostics/errors.ts';
import { LLMS_FULL_SEPARATOR } from './markdown-twins.ts';
import type { TwinPart } from './twin-record.ts';

/** A twin of the new llms-full.txt: made in this build (`bytes`), or at `offset` in the old one. */
export type LlmsPart = { key: string; size: number } & ({ bytes: Uint8Array; offset?: undefined } | { bytes?: undefined; offset: number });

/** A stretch of the new file: bytes in memory, or a range of the old file. */
type Segment = { bytes: Uint8Array } | { offset: number; length: number };

const SEPARATOR = Buffer.from(LLMS_FULL_SEPARATOR);

/** Read from the old file at most this much at a time: the file is never held whole. */
const CHUNK = 1 << 20;

/** Where each twin of a recorded llms-full.txt is in it, by the twin's key. */
export function offsetsIn(layout: TwinPart[]): Map<string, { offset: number; size: number }> {
  const at = new Map<string, { offset: number; size: number }>();
  let offset = 0;
  for (const [key, size] of layout) {
    at.set(key, { offset, size });
    offset += size + SEPARATOR.byteLength;
  }
  return at;
}

/** The size of a recorded llms-full.txt: its twins and the separators between them. */
export function sizeOf(layout: TwinPart[]): number {
  return layout.reduce((sum, [, size]) => sum + size, 0) + Math.max(0, layout.length - 1) * SEPARATOR.byteLength;
}

/** The new file's bytes, chunk by chunk; `oldFile`: the llms-full.txt the output holds (read only when a part is in it). */
export async function* llmsFullChunks(parts: LlmsPart[], oldFile: string | undefined): AsyncGenerator<Uint8Array> {
  const segments = segmentsOf(parts);
  const reads = segments.some((segment) => !('bytes' in segment));
  if (reads && oldFile === undefined) throw new Error('llms-full.txt: a twin to copy, and no file to copy it from');
  const handle = reads ? await open(oldFile!, 'r') : undefined;
  try {
    for (const segment of segments) {
      if ('bytes' in segment) yield segment.bytes;
      else yield* rangeOf(handle!, oldFile!, segment.offset, segment.length);
    }
  } finally {
    await handle?.close();
  }
}

/** The parts and the separators between them, ranges of the old file joined where they follow each other there. */
function segmentsOf(parts: LlmsPart[]): Segment[] {
  const segments: Segment[] = [];
  const add = (segment: Segment) => {
    const last = segments.at(-1);
    if (last && !('bytes' in last) && !('bytes' in segment) && last.offset + last.length === segment.offset) last.length += segment.length;
    else segments.push(segment);
  };
  parts.forEach((part, i) => {
    const previous = parts[i - 1];
    if (previous) {
      // The separator after a twin copied from the old file is there too, unless that twin was the old file's last.
      const copied = previous.bytes === undefined && part.bytes === undefined && part.offset === previous.offset + previous.size + SEPARATOR.byteLength;
      add(copied ? { offset: previous.offset + previous.size, length: SEPARATOR.byteLength } : { bytes: SEPARATOR });
    }
    add(part.bytes === undefined ? { offset: part.offset, length: part.size } : { bytes: part.bytes });
  });
  return segments;
}

async function* rangeOf(handle: FileHandle, file: string, offset: number, length: number): AsyncGenerator<Uint8Array> {
  for (let done = 0; done < length; ) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, length - done));
    const { bytesRead } = await handle.read(chunk, 0, chunk.byteLength, offset + done);
    if (bytesRead === 0) {
      throw new HelpgenError(`${file} changed while the build ran: it is shorter than the last build left it`, {
        hint: 'Build again, and leave the output folder alone while a build runs.',
      });
    }
    done += bytesRead;
    yield bytesRead === chunk.byteLength ? chunk : chunk.subarray(0, bytesRead);
  }
}
