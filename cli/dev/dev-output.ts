// Keeps the dev server's output folder in step with the latest compile, writing only files
// whose contents changed and removing files that are gone.
import { mkdir, writeFile, copyFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { OutputFile } from '../output/output.ts';
import { outputFile } from '../output/output-path.ts';

export class DevOutput {
  /** By path: the contents (or `copy:` and the copy's source) last written. */
  private readonly written = new Map<string, string | Uint8Array>();

  constructor(readonly root: string) {}

  /**
   * Makes the folder hold exactly `files`, plus the files `keep` says were written by someone
   * else (the search index, built on request). Returns the paths written.
   */
  async sync(files: OutputFile[], keep: (path: string) => boolean = () => false): Promise<string[]> {
    const present = new Set(files.map((f) => f.path));
    const changed = await this.write(files);
    for (const path of [...this.written.keys()]) {
      if (present.has(path) || keep(path)) continue;
      await rm(outputFile(this.root, path), { force: true });
      this.written.delete(path);
    }
    return changed;
  }

  /** Writes the files that changed, removing nothing. */
  async write(files: OutputFile[]): Promise<string[]> {
    const changed: string[] = [];
    for (const file of files) {
      const same = file.copyFrom !== undefined ? `copy:${file.copyFrom}` : (file.contents ?? '');
      // Unchanged files mostly come back as the very same string from the build's caches; the
      // others are compared whole, which stops at the first difference. (Hashing each changed
      // file as well, as before, found nothing more and hashed 9 MB of llms-full.txt per save at
      // 1,700 pages.)
      if (sameContents(this.written.get(file.path), same)) continue;
      const target = outputFile(this.root, file.path);
      await mkdir(dirname(target), { recursive: true });
      if (file.copyFrom) await copyFile(file.copyFrom, target);
      else await writeFile(target, file.contents ?? '');
      this.written.set(file.path, same);
      changed.push(file.path);
    }
    return changed;
  }
}

function sameContents(last: string | Uint8Array | undefined, next: string | Uint8Array): boolean {
  if (last === undefined) return false;
  if (typeof last === 'string' || typeof next === 'string') return last === next;
  return Buffer.compare(last, next) === 0;
}
