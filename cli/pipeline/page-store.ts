// The pages of the last production build, kept beside the build cache on disk so that the next
// build copies a page whose HTML and link check would come out the same instead of rendering
// and checking it again (issue 38: after a one-page edit, CI's build of an 8,500-page site
// rendered every page again, 8 of its 34 s). A page is found by a key over everything its HTML
// and its check depend on (see pageKeys in ./stages/pages.ts), so a key found is a page known to
// come out byte for byte as stored. Pages whose render or check reported anything are not kept:
// their diagnostics are reported again by rendering them again.
//
// One file per page, named by its key, written under a temporary name and renamed, so a file
// that exists is whole. A file that cannot be read (another build of the same site removed it
// meanwhile) only means the page is rendered. After a build the pages it did not use are
// removed, so the store holds one build's pages.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pruneCache, temporaryPath } from '../disk-cache.ts';

/** Kept pages written at once, at most: each write holds its page's bytes until it is done. */
const WRITES_AT_ONCE = 8;

export class PageStore {
  /** Keys of the pages this build used or kept: everything else is removed by `finish`. */
  private readonly used = new Set<string>();
  private readonly queue: { key: string; bytes: Uint8Array }[] = [];
  private writing = 0;
  private drained: (() => void)[] = [];

  /** `dir`: a folder of this site's alone (see BuildCache.pageStoreDir). */
  constructor(private readonly dir: string) {}

  /** The stored page of this key, or undefined when there is none (or it cannot be read). */
  find(key: string): Buffer | undefined {
    try {
      const bytes = readFileSync(this.file(key));
      this.used.add(key);
      return bytes;
    } catch {
      return undefined;
    }
  }

  /** Keeps a page for the next build (written in the background; `finish` waits for it). */
  keep(key: string, html: string | Uint8Array): void {
    if (this.used.has(key)) return;
    this.used.add(key);
    this.queue.push({ key, bytes: typeof html === 'string' ? Buffer.from(html) : html });
    this.pump();
  }

  /** Waits for the pages being kept, then removes those this build did not use. */
  async finish(): Promise<void> {
    if (this.writing > 0 || this.queue.length > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
    // Another build's temporary files are left alone unless abandoned (pruneCache's rule).
    pruneCache(this.dir, { entries: (name) => name.endsWith('.html'), stale: (path) => !this.used.has(basename(path, '.html')) });
  }

  private file(key: string): string {
    return join(this.dir, `${key}.html`);
  }

  private pump(): void {
    while (this.writing < WRITES_AT_ONCE && this.queue.length > 0) {
      const { key, bytes } = this.queue.shift()!;
      this.writing++;
      void this.write(key, bytes).finally(() => {
        this.writing--;
        this.pump();
        if (this.writing === 0 && this.queue.length === 0) for (const resolve of this.drained.splice(0)) resolve();
      });
    }
  }

  /** A page that cannot be written is simply not kept: the cache can make a build faster, never fail it. */
  private async write(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.file(key);
    const temp = temporaryPath(target);
    try {
      mkdirSync(this.dir, { recursive: true });
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch {
      this.used.delete(key);
      rmSync(temp, { force: true });
    }
  }
}
