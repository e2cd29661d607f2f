// Keeps the dev server's output folder in step with the latest compile, writing only files
// whose contents changed and removing files that are gone.
import { mkdir, writeFile, copyFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import type { OutputFile } from '../build/output.ts';

export class DevOutput {
  private readonly fingerprints = new Map<string, string>();

  constructor(readonly root: string) {}

  /** Writes what changed; returns the paths written. */
  async sync(files: OutputFile[]): Promise<string[]> {
    const written: string[] = [];
    const present = new Set<string>();
    for (const file of files) {
      present.add(file.path);
      const print = file.copyFrom ? `copy:${file.copyFrom}` : createHash('sha1').update(file.contents ?? '').digest('hex');
      if (this.fingerprints.get(file.path) === print) continue;
      const target = join(this.root, file.path);
      await mkdir(dirname(target), { recursive: true });
      if (file.copyFrom) await copyFile(file.copyFrom, target);
      else await writeFile(target, file.contents ?? '');
      this.fingerprints.set(file.path, print);
      written.push(file.path);
    }
    for (const path of [...this.fingerprints.keys()]) {
      if (present.has(path)) continue;
      await rm(join(this.root, path), { force: true });
      this.fingerprints.delete(path);
    }
    return written;
  }
}
