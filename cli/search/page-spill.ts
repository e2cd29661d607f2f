// Where a production index keeps each page's file (its JSON text) from the page's arrival until
// the site's word dictionary is known and the files can be encoded (./shards.ts, CountedPages):
// in a temporary file, one page after another, rather than in the index worker's heap, where
// every page's text stayed until the end and made the worker grow with the site (at 8,500
// pages ~100 MB of its heap; at 50,000 the largest part of the build's memory). Read back one
// page at a time. Where no temporary file can be made, the pages stay in memory, as before.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class PageSpill {
  private file?: { dir: string; fd: number };
  /**
   * Each page's [offset, length] in the file, or its text when it is kept in memory, or where
   * to read it when it is on disk already (the index memo's, ./index-memo.ts).
   */
  private readonly pages: ([number, number] | string | (() => string))[] = [];
  private end = 0;
  private tried = false;

  get length(): number {
    return this.pages.length;
  }

  /** Adds a page's text, or how to read it when it is kept elsewhere on disk. */
  add(json: string | (() => string)): void {
    if (typeof json === 'function') {
      this.pages.push(json);
      return;
    }
    const file = this.open();
    if (!file) {
      this.pages.push(json);
      return;
    }
    const bytes = Buffer.from(json);
    try {
      writeSync(file.fd, bytes, 0, bytes.length, this.end);
    } catch {
      this.pages.push(json); // a full disk: this page stays in memory
      return;
    }
    this.pages.push([this.end, bytes.length]);
    this.end += bytes.length;
  }

  /** Page `i`'s text, in the order the pages were added. */
  get(i: number): string {
    const page = this.pages[i]!;
    if (typeof page === 'string') return page;
    if (typeof page === 'function') return page();
    const [offset, length] = page;
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.file!.fd, bytes, 0, length, offset);
    return bytes.toString('utf8');
  }

  /** Removes the temporary file (the spill is empty after). */
  close(): void {
    const file = this.file;
    this.file = undefined;
    this.pages.length = 0;
    this.end = 0;
    if (!file) return;
    closeSync(file.fd);
    rmSync(file.dir, { recursive: true, force: true });
  }

  private open(): { dir: string; fd: number } | undefined {
    if (this.file || this.tried) return this.file;
    this.tried = true;
    let dir: string | undefined;
    try {
      dir = mkdtempSync(join(tmpdir(), 'helpgen-index-'));
      this.file = { dir, fd: openSync(join(dir, 'pages'), 'w+') };
    } catch {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
    return this.file;
  }
}
