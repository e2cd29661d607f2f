// Writes a build into a fresh temporary folder beside the target and swaps it in only when
// everything succeeded, so a failed build never leaves a half-written dist/ behind. (A build
// killed meanwhile is put right by the next helpgen command: ./output-recovery.ts.) Each file's
// size and SHA-256 are noted as it is written, and the manifest of them (./build-manifest.ts) is
// the last file written, so a folder with a manifest is a build's complete output.
import { mkdir, rename, rm } from 'node:fs/promises';
import { writeFile as writeFileCallback, copyFile as copyFileCallback } from 'node:fs';
import { promisify } from 'node:util';
import { dirname } from 'node:path';
import { asideFolder, killPoint, stagingFolder } from './output-recovery.ts';
import { OUTPUT_MARKER, formatManifest, hashFile, sha256Of, type ManifestEntry } from './build-manifest.ts';
import { outputFile } from './output-path.ts';
import { failedAt } from '../diagnostics/system-errors.ts';

// The callback forms, promisified: fs/promises opens a FileHandle per file, and its extra
// promises cost a cold build ~50 ms of main-thread time for our ~370 files.
const writeFile = promisify(writeFileCallback);
const copyFile = promisify(copyFileCallback);

export interface OutputFile {
  /** Path under the output folder, with "/" separators. */
  path: string;
  contents?: string | Uint8Array;
  /** Copy from this absolute path instead of writing contents. */
  copyFrom?: string;
}

/** Files written at once, at most: each write holds its file's bytes until it is done. */
const WRITES_AT_ONCE = 16;

interface WriteJob {
  file: OutputFile;
  done: () => void;
}

/**
 * The temporary folder a build writes into. A production build hands it files while it still
 * renders (`enqueue`), so no page's HTML has to stay in memory and the disk works while the
 * CPU does; `finish` writes whatever is left and swaps the folder in, `discard` removes it
 * after a failure.
 */
export class Staging {
  readonly dir: string;
  /** Each folder made or being made, so none is made twice and each write waits for its own. */
  private readonly folders = new Map<string, Promise<unknown>>();
  /** Paths handed over so far, which `finish` leaves alone. */
  private readonly taken = new Set<string>();
  /**
   * Files waiting for a free write. While other files wait, pages get at most half of the
   * writes: a waiting page holds up rendering, but other files waiting behind every page stayed
   * in memory for the whole page phase (at 8,500 pages 0.16 GB: the search index in 65,695
   * files, the markdown twins, llms-full.txt). Taking turns one for one still left most of them
   * waiting at the end (they outnumber the pages seven to one).
   */
  private readonly waiting: { pages: WriteJob[]; others: WriteJob[] } = { pages: [], others: [] };
  private active = 0;
  private activePages = 0;
  private idle: (() => void)[] = [];
  private failure?: { error: unknown };
  /** What each written file holds, for the manifest. */
  private readonly written = new Map<string, ManifestEntry>();

  constructor(readonly outDir: string) {
    this.dir = stagingFolder(outDir);
  }

  /**
   * Starts making the folders of files to be written later. Making a folder is the slowest
   * part of writing a small file here (about 0.5 ms on this machine's ext4, against 0.3 ms for
   * the file), and a page build knows every page's folder long before its HTML is ready.
   */
  prepare(paths: string[]): void {
    for (const path of paths) void this.folder(dirname(outputFile(this.dir, path)));
  }

  /**
   * Queues a file; the promise settles once it is written, and never rejects: the first
   * failure is thrown by `flush` (and `failed` tells whether there was one).
   */
  enqueue(file: OutputFile, kind: 'page' | 'other' = 'other'): Promise<void> {
    this.taken.add(file.path);
    return new Promise((done) => {
      this.waiting[kind === 'page' ? 'pages' : 'others'].push({ file, done });
      this.pump();
    });
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Waits until every queued file is written; throws the first write failure. */
  async flush(): Promise<void> {
    if (this.active > 0 || this.waiting.pages.length + this.waiting.others.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure) throw this.failure.error;
  }

  private pump(): void {
    while (this.active < WRITES_AT_ONCE) {
      const { pages, others } = this.waiting;
      const page = pages.length > 0 && (others.length === 0 || this.activePages < WRITES_AT_ONCE / 2);
      const job = page ? pages.shift() : others.shift();
      if (!job) break;
      this.active++;
      if (page) this.activePages++;
      this.write(job.file)
        .catch((error: unknown) => void (this.failure ??= { error }))
        .finally(() => {
          this.active--;
          if (page) this.activePages--;
          job.done();
          this.pump();
          if (this.active === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }

  private async write(file: OutputFile): Promise<void> {
    const target = outputFile(this.dir, file.path);
    await this.folder(dirname(target));
    try {
      if (file.copyFrom) {
        await copyFile(file.copyFrom, target);
        // Hashed from the copy, not the source: the manifest tells what the output holds.
        this.written.set(file.path, { path: file.path, ...(await hashFile(target)) });
      } else {
        const contents = file.contents ?? '';
        const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
        const [, sha256] = await Promise.all([writeFile(target, bytes), sha256Of(bytes)]);
        this.written.set(file.path, { path: file.path, size: bytes.byteLength, sha256 });
      }
    } catch (error) {
      throw failedAt(error, target);
    }
    killPoint('file-written');
  }

  private folder(dir: string): Promise<unknown> {
    let made = this.folders.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      made.catch(() => undefined); // reported by the writes that need the folder
      this.folders.set(dir, made);
    }
    return made;
  }

  /** Writes the files not written yet and swaps the folder in; on any failure removes it instead. */
  async finish(files: OutputFile[]): Promise<void> {
    try {
      for (const file of files) if (!this.taken.has(file.path)) void this.enqueue(file);
      await this.flush();
      // Last, once every file is written: a folder with a manifest holds the whole build.
      void this.enqueue({ path: OUTPUT_MARKER, contents: formatManifest(this.written.values()) });
      await this.flush();
      killPoint('staging-complete');
      await swapIn(this.dir, this.outDir);
    } catch (error) {
      await this.discard();
      throw error;
    }
  }

  async discard(): Promise<void> {
    // A folder being made or a file being written after the removal would leave the staging
    // folder behind.
    await this.flush().catch(() => undefined);
    await Promise.allSettled(this.folders.values());
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = asideFolder(staging);
  let hadOld = false;
  try {
    await rename(outDir, old);
    hadOld = true;
    killPoint('old-moved-aside');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadOld) await rename(old, outDir);
    throw error;
  }
  killPoint('new-moved-in');
  // The new output is in place; an old one that cannot be removed now is removed by the next command.
  if (hadOld) await rm(old, { recursive: true, force: true }).catch(() => undefined);
}
