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

  /**
   * Calls `each` for every term of the bucket, in the order of its first posting, with its
   * postings by field id (a sparse list): [section, frequency, …] in the order they were added,
   * each a view of one typed array for the whole bucket, made in two reads of the bucket (counted,
   * then filled). As lists of numbers per term and field, every bucket's postings were tens of
   * megabytes of the worker's garbage at 50,000 pages.
   */
  forEachTerm(bucket: number, fields: number, each: (term: number, lists: Int32Array[]) => void): void {
    // By term and field: the term's place in this bucket is term / BUCKETS.
    const slotOf = (term: number, field: number) => Math.floor(term / BUCKETS) * fields + field;
    const counts: number[] = [];
    /** Per term of the bucket (by place), 1 once its first posting came. */
    const seen: number[] = [];
    const order: number[] = [];
    this.forEach(bucket, (term, field) => {
      const place = Math.floor(term / BUCKETS);
      while (seen.length <= place) seen.push(0);
      if (seen[place] === 0) {
        seen[place] = 1;
        order.push(term);
      }
      const slot = place * fields + field;
      while (counts.length <= slot) counts.push(0);
      counts[slot]!++;
    });
    const starts = new Int32Array(counts.length + 1);
    for (let slot = 0; slot < counts.length; slot++) starts[slot + 1] = starts[slot]! + 2 * counts[slot]!;
    const postings = new Int32Array(starts[counts.length]!);
    const filled = starts.slice(0, counts.length);
    this.forEach(bucket, (term, field, section, frequency) => {
      const at = filled[slotOf(term, field)]!;
      postings[at] = section;
      postings[at + 1] = frequency;
      filled[slotOf(term, field)] = at + 2;
    });
    for (const term of order) {
      const lists: Int32Array[] = [];
      for (let field = 0; field < fields; field++) {
        const slot = slotOf(term, field);
        if (starts[slot + 1]! > starts[slot]!) lists[field] = postings.subarray(starts[slot]!, starts[slot + 1]!);
      }
      each(term, lists);
    }
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
