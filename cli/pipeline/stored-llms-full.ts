// The build cache's copy of the llms-full.txt a build wrote into a fresh folder. A build that
// updates its output in place copies each unchanged twin's bytes for the new llms-full.txt from
// the one the output holds (./llms-full.ts). A CI job has no output: a fresh checkout, the cache
// restored. It copies them from this copy instead, one file, where it used to read every twin's
// file from the twin store (at 8,500 pages 8,500 reads and the hashing of 45 MB, ~0.2 s of the
// main thread); and it copies the twins themselves from the store with the file system
// (./kept-twins.ts).
//
// One folder of the site's, a file per llms-full.txt named by its key (the keys of its twins in
// order, ./kept-twins.ts), whose layout the twin record keeps (./twin-record.ts). A copy is made
// under a temporary name and renamed, so a file that is there is whole. Once one is stored, the
// folder keeps it and the one this build copied from (a build of the same site running beside
// this one may be reading that), and no other. Like the rest of the cache, a copy that cannot
// be made or read only means more work.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pruneCache, temporaryPath } from '../disk-cache.ts';

const EXTENSION = '.txt';

export class StoredLlmsFull {
  constructor(private readonly dir: string) {}

  /** The stored copy of the first of these llms-full.txt files (by key, with their size) that has a whole one. */
  find(wanted: Iterable<[key: string, size: number]>): { key: string; file: string } | undefined {
    for (const [key, size] of wanted) {
      const file = this.fileOf(key);
      if (sizeOf(file) === size) return { key, file };
    }
    return undefined;
  }

  /**
   * Stores a copy of `written`, the llms-full.txt of this key just written, unless there is one;
   * then removes the folder's other copies but `readFrom`'s.
   */
  async store(key: string, written: string, readFrom: string | undefined): Promise<void> {
    const target = this.fileOf(key);
    if (existsSync(target)) return;
    const temp = temporaryPath(target);
    try {
      mkdirSync(this.dir, { recursive: true });
      await copyFile(written, temp);
      await rename(temp, target);
    } catch {
      rmSync(temp, { force: true });
      return;
    }
    const keep = new Set([target, readFrom && this.fileOf(readFrom)]);
    // A build's temporary copy is left alone unless abandoned (pruneCache's rule).
    pruneCache(this.dir, { entries: (name) => name.endsWith(EXTENSION), stale: (file) => !keep.has(file) });
  }

  private fileOf(key: string): string {
    return join(this.dir, `${key}${EXTENSION}`);
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined; // not there
  }
}
