// Where a production index keeps its postings from each section's arrival until the index is
// written (./compact-index.ts): in a temporary file, in buckets by term, rather than as a list
// per term and field in the index worker's heap, where every posting of the site stayed until
// the end (at 8,500 pages ~4 million postings; at 50,000 six times as many, the largest part of
// the worker's heap). Finishing reads one bucket at a time, makes its terms' postings lists,
// writes them and lets them go: the heap holds one bucket's lists at a time, and the file is read
// once. Within a bucket, postings stay in the order they came (section order), as the lists need.
// Where no temporary file can be made, the buckets' chunks stay in memory.
import { TemporaryFile } from './temporary-file.ts';

/** Buckets (terms go to bucket term id % BUCKETS): a sixteenth of the postings in the heap at once. */
export const BUCKETS = 16;
/** Numbers per chunk a bucket gathers before it is written (4 per posting). */
const CHUNK = 1 << 15;

export class PostingSpill {
  private readonly file = new TemporaryFile('helpgen-postings-');
  private readonly buffers = Array.from({ length: BUCKETS }, () => new Int32Array(CHUNK));
  private readonly filled = new Array<number>(BUCKETS).fill(0);
  /** Per bucket, its chunks: [offset, numbers] in the file, or the numbers themselves. */
  private readonly chunks: ([number, number] | Int32Array)[][] = Array.from({ length: BUCKETS }, () => []);

  /** Adds a section's postings: its [term, field, frequency] triples. */
  add(section: number, frequencies: ArrayLike<number>): void {
    for (let at = 0; at < frequencies.length; at += 3) {
      const term = frequencies[at]!;
      const bucket = term % BUCKETS;
      const buffer = this.buffers[bucket]!;
      let filled = this.filled[bucket]!;
      buffer[filled++] = term;
      buffer[filled++] = frequencies[at + 1]!;
      buffer[filled++] = section;
      buffer[filled++] = frequencies[at + 2]!;
      this.filled[bucket] = filled;
      if (filled === CHUNK) this.flush(bucket);
    }
  }

  /** Calls `posting` for each posting of the bucket, in the order they were added. */
  forEach(bucket: number, posting: (term: number, field: number, section: number, frequency: number) => void): void {
    const each = (numbers: Int32Array) => {
      for (let at = 0; at < numbers.length; at += 4) posting(numbers[at]!, numbers[at + 1]!, numbers[at + 2]!, numbers[at + 3]!);
    };
    const read = new Int32Array(CHUNK);
    for (const chunk of this.chunks[bucket]!) {
      if (chunk instanceof Int32Array) each(chunk);
      else each(this.readChunk(chunk, read));
    }
    each(this.buffers[bucket]!.subarray(0, this.filled[bucket]!));
  }

  /** Removes the temporary file (the spill is empty after). */
  close(): void {
    for (const list of this.chunks) list.length = 0;
    this.filled.fill(0);
    this.file.close();
  }

  private flush(bucket: number): void {
    const numbers = this.buffers[bucket]!.subarray(0, this.filled[bucket]!);
    this.filled[bucket] = 0;
    const at = this.file.append(new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength));
    if (at !== undefined) {
      this.chunks[bucket]!.push([at, numbers.length]);
      return;
    }
    // No temporary file, or a full disk: this chunk stays in memory.
    this.chunks[bucket]!.push(numbers.slice());
  }

  private readChunk([offset, count]: [number, number], into: Int32Array): Int32Array {
    const numbers = into.subarray(0, count);
    this.file.read(offset, new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength));
    return numbers;
  }
}
