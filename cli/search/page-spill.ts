// Where a production index keeps each page's file (its JSON text) from the page's arrival until
// the site's word dictionary is known and the files can be encoded (./shards.ts, CountedPages):
// in a temporary file, one page after another, rather than in the index worker's heap, where
// every page's text stayed until the end and made the worker grow with the site (at 8,500
// pages ~100 MB of its heap; at 50,000 the largest part of the build's memory). Read back one
// page at a time. Where no temporary file can be made, the pages stay in memory, as before.
import { TemporaryFile } from './temporary-file.ts';

export class PageSpill {
  private readonly file = new TemporaryFile('helpgen-index-');
  /**
   * Each page's [offset, length] in the file, or its text when it is kept in memory, or where
   * to read it when it is on disk already (the index memo's, ./index-memo.ts).
   */
  private readonly pages: ([number, number] | string | (() => string))[] = [];

  get length(): number {
    return this.pages.length;
  }

  /** Adds a page's text, or how to read it when it is kept elsewhere on disk. */
  add(json: string | (() => string)): void {
    if (typeof json === 'function') {
      this.pages.push(json);
      return;
    }
    const bytes = Buffer.from(json);
    const at = this.file.append(bytes);
    // No temporary file, or a full disk: this page stays in memory.
    this.pages.push(at === undefined ? json : [at, bytes.length]);
  }

  /** Page `i`'s text, in the order the pages were added. */
  get(i: number): string {
    const page = this.pages[i]!;
    if (typeof page === 'string') return page;
    if (typeof page === 'function') return page();
    const [offset, length] = page;
    const bytes = Buffer.allocUnsafe(length);
    this.file.read(offset, bytes);
    return bytes.toString('utf8');
  }

  /** Removes the temporary file (the spill is empty after). */
  close(): void {
    this.pages.length = 0;
    this.file.close();
  }
}
