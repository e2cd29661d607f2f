// Keeps the dev server's output folder in step with the latest compile, writing only files
// whose contents changed and removing files that are gone.
import { mkdir, writeFile, copyFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createHash } from 'node:crypto';
import type { OutputFile } from '../output/output.ts';
import { outputFile } from '../output/output-path.ts';

interface Written {
  /** The contents (or copy source) last written, to skip unchanged files without hashing them. */
  same: string | Uint8Array;
  print: string;
}

export class DevOutput {
  private readonly written = new Map<string, Written>();

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
      const last = this.written.get(file.path);
      // Unchanged pages come back as the very same string from the build's caches.
      if (last && last.same === same) continue;
      const print = file.copyFrom !== undefined ? (same as string) : createHash('sha1').update(same).digest('hex');
      if (last?.print === print) {
        last.same = same;
        continue;
      }
      const target = outputFile(this.root, file.path);
      await mkdir(dirname(target), { recursive: true });
      if (file.copyFrom) await copyFile(file.copyFrom, target);
      else await writeFile(target, file.contents ?? '');
      this.written.set(file.path, { same, print });
      changed.push(file.path);
    }
    return changed;
  }
}
