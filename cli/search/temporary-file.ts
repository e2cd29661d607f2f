// A file in a temporary folder of its own that the index worker appends bytes to and reads them
// back from (./page-spill.ts, ./posting-spill.ts): made on the first append, removed by close.
// Where none can be made or written (no temporary folder, a full disk), `append` says so and the
// caller keeps those bytes in memory instead.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class TemporaryFile {
  private file?: { dir: string; fd: number };
  /** Set once a file was tried for: after a failure (or a close) bytes stay with the caller. */
  private tried = false;
  private end = 0;

  /** `prefix`: the temporary folder's name starts with it ("helpgen-postings-"). */
  constructor(private readonly prefix: string) {}

  /** Appends the bytes; where they start in the file, or undefined when they could not be written. */
  append(bytes: Uint8Array): number | undefined {
    const file = this.open();
    if (!file) return undefined;
    try {
      let done = 0;
      while (done < bytes.length) done += writeSync(file.fd, bytes, done, bytes.length - done, this.end + done);
    } catch {
      return undefined;
    }
    const at = this.end;
    this.end += bytes.length;
    return at;
  }

  /** Fills `into` with the bytes written from `offset` on. */
  read(offset: number, into: Uint8Array): void {
    let done = 0;
    while (done < into.length) {
      const read = readSync(this.file!.fd, into, done, into.length - done, offset + done);
      if (read === 0) throw new Error(`search index: the temporary file ${this.prefix}… ends early`);
      done += read;
    }
  }

  /** Removes the file and its folder. */
  close(): void {
    const file = this.file;
    this.file = undefined;
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
      dir = mkdtempSync(join(tmpdir(), this.prefix));
      this.file = { dir, fd: openSync(join(dir, 'spill'), 'w+') };
    } catch {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
    return this.file;
  }
}
