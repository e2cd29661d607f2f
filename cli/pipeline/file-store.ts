// Files the build cache keeps beside its file (./build-cache.ts), one per key, in a folder of the
// site's own: the last production build's pages (`.pages`, see pageKeys in ./stages/pages.ts),
// and the search records of every page rendered (`.records`, ./stages/markdown.ts), which the
// cache file then names instead of holding (kept in memory for the whole build, every page's
// records were the largest part of the main thread's heap, and of the cache file).
//
// A file is written under a temporary name and renamed, so a file that exists is whole. A file
// that cannot be read (another build of the same site removed it meanwhile) is treated as
// missing, which only means more work: the cache can make a build faster, never different.
// After a build, the files it did not keep are removed, so the folder holds one build's files;
// not after every build, though (./prune-due.ts): listing a folder of one file per page cost a
// warm build ~40 ms per folder at 8,500 pages, to remove the one or two files a small edit left.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { copyFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pruneCache, temporaryPath } from '../disk-cache.ts';
import { Fifo } from '../fifo.ts';
import { PruneStamp } from './prune-due.ts';

/** Files written at once, at most: each write holds its bytes until it is done. */
const WRITES_AT_ONCE = 8;

export class FileStore {
  /** Keys read or written by this build. */
  readonly touched = new Set<string>();
  private readonly queue = new Fifo<{ key: string; bytes: Uint8Array | { copyOf: string } }>();
  private writing = 0;
  private drained: (() => void)[] = [];
  /** Files this build added to the folder. */
  private added = 0;
  /** The keys of the files there were when first asked (see has). */
  private listing?: Set<string>;
  /** The folder's path and a separator, before each key (see pathOf). */
  private readonly prefix: string;
  /** What `holdsOf` reads each file into. */
  private buffer = Buffer.alloc(0);

  /** `dir`: a folder of this site's alone; `extension`: its files' (".html"). */
  constructor(
    private readonly dir: string,
    private readonly extension: string,
  ) {
    this.prefix = join(dir, '_').slice(0, -1);
  }

  /**
   * Whether there was a file of this key when the folder was listed (it may still be gone when
   * read). The folder is listed once, when first asked, until `relist`: a build asks for every
   * page, and one listing of 8,500 names costs less than asking for each file.
   */
  has(key: string): boolean {
    this.listing ??= this.keys();
    return this.listing.has(key);
  }

  /** Lists the folder again when next asked (a dev server's next compile). */
  relist(): void {
    this.listing = undefined;
  }

  /** The keys of the files there are now (none when the folder is missing or unreadable). */
  private keys(): Set<string> {
    const keys = new Set<string>();
    let names: string[] = [];
    try {
      names = readdirSync(this.dir);
    } catch {
      // No folder yet: no files.
    }
    for (const name of names) if (name.endsWith(this.extension)) keys.add(name.slice(0, -this.extension.length));
    return keys;
  }

  /** The file of this key, or undefined when there is none (or it cannot be read). */
  read(key: string): Buffer | undefined {
    try {
      const bytes = readFileSync(this.pathOf(key));
      this.touched.add(key);
      return bytes;
    } catch {
      return undefined;
    }
  }

  /**
   * The size and SHA-256 of the file of this key, or undefined when there is none (or it cannot
   * be read): for a copy the kernel makes (a page copied into a fresh output folder), whose
   * manifest entry must still say what it holds. Read into one buffer, used again for every
   * file: a Buffer per page (8,500 pages, 356 MB) made V8 collect its old space every ~0.2 s.
   */
  holdsOf(key: string): { size: number; sha256: string } | undefined {
    let fd: number;
    try {
      fd = openSync(this.pathOf(key), 'r');
    } catch {
      return undefined;
    }
    try {
      const size = fstatSync(fd).size;
      if (size > this.buffer.byteLength) this.buffer = Buffer.allocUnsafe(size);
      let read = 0;
      while (read < size) {
        const got = readSync(fd, this.buffer, read, size - read, read);
        if (got === 0) break; // cut short since its size was read
        read += got;
      }
      this.touched.add(key);
      return { size: read, sha256: createHash('sha256').update(this.buffer.subarray(0, read)).digest('hex') };
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Keeps the file of this key, known to be there (a file gone since only means more work later), without looking for it. */
  keep(key: string): void {
    this.touched.add(key);
  }

  /**
   * Stores a file under its key, in the background (`finish` waits for it); nothing when the key
   * is there already. `contents` may be a copy of a file that stays there until `finish`.
   */
  write(key: string, contents: string | Uint8Array | { copyOf: string }): void {
    if (this.touched.has(key)) return;
    this.touched.add(key);
    if (existsSync(this.pathOf(key))) return;
    this.queue.push({ key, bytes: typeof contents === 'string' ? Buffer.from(contents) : contents });
    this.pump();
  }

  /**
   * Waits for the files being written, then, when it is due (./prune-due.ts), removes every file
   * but those of `keep` (by default, those this build read or wrote).
   */
  async finish(keep: Set<string> = this.touched): Promise<void> {
    if (this.writing > 0 || this.queue.length > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
    const stamp = new PruneStamp(this.dir);
    if (!stamp.due(this.added, keep.size)) return stamp.add(this.added);
    // Another build's temporary files are left alone unless abandoned (pruneCache's rule).
    pruneCache(this.dir, { entries: (name) => name.endsWith(this.extension), stale: (path) => !keep.has(basename(path, this.extension)) });
    stamp.pruned();
  }

  /**
   * Where the file of this key is (or would be). A key is a hash, a name without separators, so
   * it is put after the folder as it is: path.join, which parses and normalizes the whole path,
   * was ~0.15 s of a warm build at 8,500 pages (one call for each of the ~10,000 search files).
   */
  pathOf(key: string): string {
    return this.prefix + key + this.extension;
  }

  private pump(): void {
    while (this.writing < WRITES_AT_ONCE && this.queue.length > 0) {
      const { key, bytes } = this.queue.shift()!;
      this.writing++;
      void this.store(key, bytes).finally(() => {
        this.writing--;
        this.pump();
        if (this.writing === 0 && this.queue.length === 0) for (const resolve of this.drained.splice(0)) resolve();
      });
    }
  }

  /** A file that cannot be written is simply not kept. */
  private async store(key: string, bytes: Uint8Array | { copyOf: string }): Promise<void> {
    const target = this.pathOf(key);
    const temp = temporaryPath(target);
    try {
      mkdirSync(this.dir, { recursive: true });
      await ('copyOf' in bytes ? copyFile(bytes.copyOf, temp) : writeFile(temp, bytes));
      await rename(temp, target);
      this.added++;
    } catch {
      this.touched.delete(key);
      rmSync(temp, { force: true });
    }
  }
}
