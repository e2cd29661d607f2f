// Keeps the dev server's output folder in step with the latest compile, writing only files
// whose contents changed and removing files that are gone.
import { mkdir, writeFile, copyFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { OutputFile } from '../output/output.ts';
import { outputFile } from '../output/output-path.ts';
import { failedAt } from '../diagnostics/system-errors.ts';

/**
 * Files this large (besides pages) are written when a browser asks for them, not on every save:
 * llms-full.txt, every page's markdown in one file, is 9 MB at 1,700 pages and changes with
 * every edit: writing it took ~35 ms of each save (profiled at 1,700 pages, on a busy machine).
 */
const WRITTEN_ON_REQUEST = 1_000_000;

export class DevOutput {
  /** By path: the contents (or `copy:` and the copy's source) last written. */
  private readonly written = new Map<string, string | Uint8Array>();
  /** Large files whose latest contents are not written yet, by path. */
  private readonly waiting = new Map<string, string | Uint8Array>();
  /** Large files being written because a browser asked for them. */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(readonly root: string) {}

  /**
   * Makes the folder hold exactly `files`, plus the files `keep` says were written by someone
   * else (the search index, built on request). Returns the paths written.
   */
  async sync(files: OutputFile[], keep: (path: string) => boolean = () => false): Promise<string[]> {
    const present = new Set(files.map((f) => f.path));
    const changed = await this.write(files);
    for (const path of this.waiting.keys()) if (!present.has(path)) this.waiting.delete(path);
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
      if (sameContents(this.written.get(file.path), same)) {
        this.waiting.delete(file.path);
        continue;
      }
      if (file.contents !== undefined && file.contents.length > WRITTEN_ON_REQUEST && !file.path.endsWith('.html')) {
        this.waiting.set(file.path, file.contents);
        continue;
      }
      await this.put(file, same);
      changed.push(file.path);
    }
    return changed;
  }

  /** Writes the file at a URL path if it waits to be written (see WRITTEN_ON_REQUEST) or is being written; undefined when not. */
  writeRequested(pathname: string): Promise<void> | undefined {
    let path: string;
    try {
      path = decodeURIComponent(pathname).replace(/^\/+/, '');
    } catch {
      return undefined;
    }
    const contents = this.waiting.get(path);
    if (contents !== undefined) {
      this.waiting.delete(path);
      // A request arriving meanwhile waits for the same write, not for a file half written.
      const writing = this.put({ path, contents }, contents).finally(() => this.writing.delete(path));
      this.writing.set(path, writing);
    }
    return this.writing.get(path);
  }

  private async put(file: OutputFile, same: string | Uint8Array): Promise<void> {
    const target = outputFile(this.root, file.path);
    await mkdir(dirname(target), { recursive: true });
    try {
      if (file.copyFrom) await copyFile(file.copyFrom, target);
      else await writeFile(target, file.contents ?? '');
    } catch (error) {
      throw failedAt(error, target);
    }
    this.written.set(file.path, same);
  }
}

function sameContents(last: string | Uint8Array | undefined, next: string | Uint8Array): boolean {
  if (last === undefined) return false;
  if (typeof last === 'string' || typeof next === 'string') return last === next;
  return Buffer.compare(last, next) === 0;
}
