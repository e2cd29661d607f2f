// The search stage's last result as the build cache keeps it (./build-cache.ts): each of the
// index's files in a file of its own, named by the SHA-256 of its bytes (./file-store.ts), and in
// the cache file only their paths, names and sizes. The name is the hash the output's manifest
// records, so an output updated in place that holds a file already keeps it unread. Held in the
// cache file, the files (at 8,500 pages 9,563 of them, 35 MB of its 60) were written whole again
// whenever one page changed, and read whole by every warm build, which uses them only when no
// page's search content changed. A one-page edit changes some twenty of them, and only those are
// written. When the result would be used and a file of it is gone (another build of the site
// pruned it), the search stage builds the index again.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { OutputFile } from '../output/output.ts';
import type { StoredSearch } from '../search/search-stage.ts';
import { FileStore } from './file-store.ts';

/** What the cache file holds of the search stage's result. */
export interface CachedSearch {
  siteKey: string;
  client: StoredSearch['result']['client'];
  /** [output path, name of its file in the store (the SHA-256 of its bytes), its size in bytes]. */
  files: [string, string, number][];
}

export class SearchCache {
  private readonly store: FileStore;
  /** The result read from the cache file, and what the cache file held of it. */
  private loaded?: { search: StoredSearch; cached: CachedSearch };
  /** Set when this build wrote the files of a new result. */
  private saved = false;
  /** False once the result read was found to miss a file (then none of its files is taken to be there). */
  private intact = true;
  /** This build's files stored as they were made (`keepFile`): the name and size of each, by the path of its copy. */
  private readonly kept = new Map<string, { name: string; size: number }>();
  /** The names of the files the result read names, when asked (see `save`). */
  private knownNames?: Set<string>;

  /** `dir`: a folder of the site's own in the build cache. */
  constructor(dir: string) {
    this.store = new FileStore(dir, '.data');
  }

  /** The search stage's result from the cache file: its files copied from the store when used, and usable only while every one is there. */
  load(cached: CachedSearch): StoredSearch {
    const files: OutputFile[] = cached.files.map(([path, name, size]) => ({ path, copyFrom: this.store.pathOf(name), holds: { size, sha256: name } }));
    const search = { siteKey: cached.siteKey, result: { client: cached.client, files }, usable: () => (this.intact = files.every((file) => existsSync(file.copyFrom!))) };
    this.loaded = { search, cached };
    this.knownNames = undefined;
    return search;
  }

  /** Whether the cache file holds this result of the search stage (the same object: a result made again is another). */
  holds(search: StoredSearch | undefined): boolean {
    return search === this.loaded?.search;
  }

  /** The search stage's result for the cache file: the one it holds if it is that, else its files' bytes written to the store (those not there yet). */
  save(search: StoredSearch | undefined): CachedSearch | undefined {
    if (this.holds(search)) return this.loaded?.cached;
    if (!search) {
      this.loaded = undefined;
      return undefined;
    }
    const files: [string, string, number][] = [];
    for (const file of search.result.files) {
      const kept = file.copyFrom === undefined ? undefined : this.kept.get(file.copyFrom);
      if (kept !== undefined) {
        files.push([file.path, kept.name, kept.size]);
        continue;
      }
      if (file.contents === undefined) throw new Error(`the search file ${file.path} has no contents to keep`);
      const { name, size } = this.storeFile(file.contents);
      files.push([file.path, name, size]);
    }
    this.saved = true;
    this.loaded = { search, cached: { siteKey: search.siteKey, client: search.result.client, files } };
    this.knownNames = undefined;
    this.kept.clear();
    return this.loaded.cached;
  }

  /**
   * Stores a file of this build's search result as soon as it is made, so that the result need
   * not hold its contents until the cache is saved (at 50,000 pages ~210 MB of search files):
   * answers the file as the result keeps it, a copy of the stored one.
   */
  keepFile(file: OutputFile & { contents: string | Uint8Array }): OutputFile {
    const stored = this.storeFile(file.contents);
    const copyFrom = this.store.pathOf(stored.name);
    this.kept.set(copyFrom, stored);
    return { path: file.path, copyFrom, holds: { size: stored.size, sha256: stored.name } };
  }

  /** Writes the contents to the store (unless the result read has them already); answers their name and size. */
  private storeFile(contents: string | Uint8Array): { name: string; size: number } {
    // The files the last result named are not looked for (a call per file, ~10,000 at 8,500
    // pages), unless it was found to miss one: a file gone since is found missing when used.
    this.knownNames ??= new Set(this.intact ? this.loaded?.cached.files.map(([, name]) => name) : []);
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const name = createHash('sha256').update(bytes).digest('hex');
    if (this.knownNames.has(name)) this.store.keep(name);
    else this.store.write(name, bytes);
    return { name, size: bytes.byteLength };
  }

  /** Waits for the files being written; then, when this build wrote a new result, removes (when due) the files no longer in it. */
  async finish(): Promise<void> {
    if (this.saved) await this.store.finish();
  }
}
