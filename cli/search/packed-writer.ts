// Writes a term's postings (shared/search/index-format.ts ShardFile) as bytes into one buffer,
// made a string once per term: a build packs millions of numbers (a posting each), and a
// string of one or two characters per number, joined, cost more than working the numbers out.
import { PACK_LAST, PACK_MORE } from '../../shared/search/index-format.ts';

const MORE = Buffer.from(PACK_MORE, 'latin1');
const LAST = Buffer.from(PACK_LAST, 'latin1');

export class PackedWriter {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  /** Writes a number as packNumber does: base 32, the last digit from its own alphabet. */
  number(value: number): void {
    if (this.length + 16 > this.bytes.length) this.grow();
    const bytes = this.bytes;
    if (value < 32) {
      bytes[this.length++] = LAST[value]!;
      return;
    }
    if (value < 1024) {
      bytes[this.length++] = MORE[value >> 5]!;
      bytes[this.length++] = LAST[value & 31]!;
      return;
    }
    let digits = 1;
    for (let rest = Math.floor(value / 32); rest > 0; rest = Math.floor(rest / 32)) digits++;
    let at = this.length + digits - 1;
    bytes[at--] = LAST[value % 32]!;
    for (let rest = Math.floor(value / 32); rest > 0; rest = Math.floor(rest / 32)) bytes[at--] = MORE[rest % 32]!;
    this.length += digits;
  }

  /** Writes ASCII text as it is. */
  text(ascii: string): void {
    if (this.length + ascii.length > this.bytes.length) this.grow(ascii.length);
    this.length += this.bytes.write(ascii, this.length, 'latin1');
  }

  /** What was written since the last take, as a string. */
  take(): string {
    const written = this.bytes.toString('latin1', 0, this.length);
    this.length = 0;
    return written;
  }

  private grow(more = 16): void {
    const bytes = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + more));
    this.bytes.copy(bytes, 0, 0, this.length);
    this.bytes = bytes;
  }
}
