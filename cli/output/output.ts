// Writes a build's output. A build writes into a fresh temporary folder beside the target and
// swaps it in only when everything succeeded, so a failed build never leaves a half-written
// dist/ behind. (A build killed meanwhile is put right by the next helpgen command:
// ./output-recovery.ts.) Each file's size and SHA-256 are noted as it is written, and the
// manifest of them (./build-manifest.ts) is the last file written, so a folder with a manifest
// is a build's complete output.
//
// When the build cache recorded the last build's output and the folder is still exactly that
// (./output-record.ts), the build updates it in place instead: only files whose bytes changed
// are written to the temporary folder, pages whose key is the one the folder's file was made
// from are not even rendered or read, and the update is applied once everything succeeded
// (./in-place.ts). The result, manifest included, is the same as a fresh folder's.
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { readFileSync, writeFile as writeFileCallback, copyFile as copyFileCallback } from 'node:fs';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { asideFolder, stagingFolder } from './output-recovery.ts';
import { killPoint } from './kill-points.ts';
import { OUTPUT_MARKER, formatManifest, hashFile, sha256Of, type FileHolds, type ManifestEntry } from './build-manifest.ts';
import { saveOutputRecord, stampFileSync, type NoPreviousOutput, type PreviousOutput } from './output-record.ts';
import { applyInPlace } from './in-place.ts';
import { outputFile } from './output-path.ts';
import { failedAt } from '../diagnostics/system-errors.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { Fifo } from '../fifo.ts';

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
  /**
   * The size and SHA-256 of the file's bytes (its contents, or those at `copyFrom`), when its
   * maker knows them: the search index's files, which the build cache names by their hash, the
   * pages a render worker hashed, and the pages and twins copied from the build cache's stores
   * (as the output record of the last build has them, or hashed as they are found there). The
   * output then neither hashes them nor, when it holds them already, reads the source. A warm
   * build at 8,500 pages with its search unchanged read and hashed all 9,563 of the index's files
   * to find them the same.
   */
  holds?: FileHolds;
  /** Made while it is written, chunk by chunk: a large file assembled from parts (llms-full.txt), never held whole. */
  chunks?: () => AsyncIterable<Uint8Array>;
  /** With `chunks`: called with the file's path once it is written whole (the build cache keeps a copy of llms-full.txt). */
  afterWritten?: (file: string) => Promise<void>;
  /** Made when it is written, whole: a small file not worth holding until then (a markdown twin). */
  make?: () => string | Uint8Array;
  /**
   * What the file was made from (a key of the build cache's): the output records it, and the
   * next build that updates the output in place may keep the file (`PagesInOutput`).
   */
  key?: string;
}

/** Files written at once, at most: each write holds its file's bytes until it is done. */
const WRITES_AT_ONCE = 16;

interface WriteJob {
  file: OutputFile;
  done: () => void;
}

/** The files with a key (pages, markdown twins) an output updated in place holds already (see `Staging.pagesInOutput`). */
export interface PagesInOutput {
  /** The key the output's file at this path was made from (pageKeys in ../pipeline/stages/pages.ts, ../pipeline/kept-twins.ts), if it has one. */
  keyOf(path: string): string | undefined;
  /** Leaves the file at this path as it is: its key is the one it was made from. Handed over later, it is listed by path only. */
  keep(path: string, key: string): void;
  /** Where the output holds the file at this path: it may be read until the build has finished. */
  file(path: string): string;
}

/** Where the build cache keeps the record of this output (./output-record.ts), and what it found in the folder. */
export interface OutputRecord {
  file: string;
  previous: Promise<PreviousOutput | NoPreviousOutput>;
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
  private readonly waiting = { pages: new Fifo<WriteJob>(), others: new Fifo<WriteJob>() };
  private active = 0;
  private activePages = 0;
  private idle: (() => void)[] = [];
  private failure?: { error: unknown };
  /** What each written file holds, for the manifest. */
  private readonly written = new Map<string, ManifestEntry>();
  /** The last build's output, when it is still in place and may be updated (else undefined: a fresh folder). */
  private readonly inPlace: Promise<PreviousOutput | undefined>;
  /** Each file's stamp in the output (./output-record.ts), and the key each page was made from. */
  private readonly stamps = new Map<string, string>();
  private readonly pageKeys = new Map<string, string>();
  private holdsByKey?: Map<string, FileHolds>;
  private readonly preparing: Promise<unknown>[] = [];
  /** How the output was written, for HELPGEN_TIMINGS. */
  summary = '';

  constructor(
    readonly outDir: string,
    private readonly record?: OutputRecord,
  ) {
    this.dir = stagingFolder(outDir);
    const previous = record?.previous.catch((error: unknown): NoPreviousOutput => ({ why: String(error) }));
    this.inPlace = (previous ?? Promise.resolve<NoPreviousOutput>({ why: 'no build cache' })).then((found) => {
      if (!('why' in found)) return found;
      this.summary = `fresh folder (${found.why})`;
      this.holdsByKey = found.holds;
      return undefined;
    });
  }

  /** The output's page files and the keys they were made from, when it is updated in place; else undefined. */
  async pagesInOutput(): Promise<PagesInOutput | undefined> {
    const previous = await this.inPlace;
    if (!previous) return undefined;
    return {
      keyOf: (path) => previous.pageKeys.get(path),
      keep: (path, key) => {
        this.taken.add(path);
        this.written.set(path, previous.manifest.get(path)!);
        this.stamps.set(path, previous.stamps.get(path)!);
        this.pageKeys.set(path, key);
      },
      file: (path) => outputFile(this.outDir, path),
    };
  }

  /**
   * Starts making the folders of files to be written later. Making a folder is the slowest
   * part of writing a small file here (about 0.5 ms on this machine's ext4, against 0.3 ms for
   * the file), and a page build knows every page's folder long before its HTML is ready.
   */
  prepare(paths: string[]): void {
    // An update in place makes only the folders of files that changed. A path that cannot be
    // written is reported by its write.
    const making = this.inPlace.then((previous) => previous === undefined && paths.forEach((path) => void this.folder(dirname(outputFile(this.dir, path)))));
    this.preparing.push(making.catch(() => undefined));
  }

  /**
   * Where another thread may write files itself (see CompileOutput.writableFiles): the files for
   * `paths` in this folder, when it is a fresh one; undefined when it updates the output in
   * place, where a file is compared with the one there before it is written.
   */
  async writableFiles(): Promise<((paths: string[]) => string[]) | undefined> {
    if (await this.inPlace) return undefined;
    return (paths) => paths.map((path) => outputFile(this.dir, path));
  }

  /** What the file the last build made from `key` held, as its record says, once the output is known to be a fresh folder. */
  recordedHolds(key: string): FileHolds | undefined {
    return this.holdsByKey?.get(key);
  }

  /** A file another thread wrote where `writableFiles` said, holding `holds`: listed as one written here. */
  writtenElsewhere(path: string, holds: FileHolds, pageKey?: string): void {
    this.taken.add(path);
    if (pageKey !== undefined) this.pageKeys.set(path, pageKey);
    this.written.set(path, { path, ...holds });
  }

  /**
   * Queues a file; the promise settles once it is written, and never rejects: the first
   * failure is thrown by `flush` (and `failed` tells whether there was one).
   */
  enqueue(file: OutputFile, kind: 'page' | 'other' = 'other', pageKey = file.key): Promise<void> {
    // Kept (PagesInOutput.keep), and listed by path only: nothing to write.
    if (this.taken.has(file.path) && file.contents === undefined && file.copyFrom === undefined && file.chunks === undefined && file.make === undefined) return Promise.resolve();
    this.taken.add(file.path);
    if (pageKey !== undefined) this.pageKeys.set(file.path, pageKey);
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
    const previous = await this.inPlace;
    // A file's maker may be waited for (a twin that llms-full.txt kept for it: ../pipeline/made-once.ts),
    // so it is called before anything else here can fail.
    const made = attempt(() => file.make?.());
    const target = outputFile(this.dir, file.path);
    try {
      if (file.copyFrom) await this.copy(file, file.copyFrom, target, previous);
      else if (file.chunks) await this.writeChunks(file, file.chunks(), target, previous);
      else await this.writeBytes(file, made() ?? file.contents ?? '', target, previous);
    } catch (error) {
      throw failedAt(error, target);
    }
    killPoint('file-written');
  }

  private async writeBytes({ path, holds }: OutputFile, contents: string | Uint8Array, target: string, previous: PreviousOutput | undefined): Promise<void> {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const hashed = holds ? Promise.resolve(holds.sha256) : sha256Of(bytes);
    if (previous) {
      const entry = { path, size: bytes.byteLength, sha256: await hashed };
      if (this.keepIfSame(entry, previous)) return;
      await this.folder(dirname(target));
      await writeFile(target, bytes);
      this.written.set(path, entry);
      return;
    }
    await this.folder(dirname(target));
    const [, sha256] = await Promise.all([writeFile(target, bytes), hashed]);
    this.written.set(path, { path, size: bytes.byteLength, sha256 });
  }

  /** Writes a file chunk by chunk, hashing each chunk as it goes; in an update in place, removed again when the output holds the same bytes. */
  private async writeChunks({ path, afterWritten }: OutputFile, chunks: AsyncIterable<Uint8Array>, target: string, previous: PreviousOutput | undefined): Promise<void> {
    await this.folder(dirname(target));
    const hash = createHash('sha256');
    let size = 0;
    const handle = await open(target, 'w');
    try {
      for await (const chunk of joined(chunks, JOINED_WRITE_BYTES)) {
        hash.update(chunk);
        size += chunk.byteLength;
        for (let at = 0; at < chunk.byteLength; ) at += (await handle.write(chunk, at)).bytesWritten;
      }
    } finally {
      await handle.close();
    }
    const entry = { path, size, sha256: hash.digest('hex') };
    if (previous && this.keepIfSame(entry, previous)) return rm(target);
    this.written.set(path, entry);
    await afterWritten?.(target);
  }

  private async copy({ path, holds }: OutputFile, source: string, target: string, previous: PreviousOutput | undefined): Promise<void> {
    if (previous && this.keepIfSame({ path, ...(holds ?? (await hashFile(source))) }, previous)) return;
    await this.folder(dirname(target));
    // A copy, not a hard link to the cache's file, which an edit of dist/ in place would change
    // (measured against links and clones: ../../bench/output-copy.ts).
    await copyFile(source, target);
    // Without its maker's word (holds), hashed from the copy: the manifest tells what the output holds.
    this.written.set(path, { path, ...(holds ?? (await hashFile(target))) });
  }

  /** True, and the file noted as kept, when the output already holds these bytes at this path. */
  private keepIfSame(entry: ManifestEntry, previous: PreviousOutput): boolean {
    const old = previous.manifest.get(entry.path);
    if (old?.size !== entry.size || old.sha256 !== entry.sha256) return false;
    this.written.set(entry.path, old);
    this.stamps.set(entry.path, previous.stamps.get(entry.path)!);
    return true;
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

  /**
   * Writes the files not written yet and swaps the folder in (or applies the update in place);
   * on any failure before that removes it instead. Then records the output for the next build.
   */
  async finish(files: OutputFile[]): Promise<void> {
    let manifest: string;
    try {
      for (const file of files) if (!this.taken.has(file.path)) void this.enqueue(file);
      await this.flush();
      manifest = formatManifest(this.written.values());
      const previous = await this.inPlace;
      if (previous) await this.applyUpdate(previous, manifest);
      else {
        // Last, once every file is written: a folder with a manifest holds the whole build.
        void this.enqueue({ path: OUTPUT_MARKER, contents: manifest });
        await this.flush();
        killPoint('staging-complete');
        // A fresh folder is swapped in whole: its files keep the stamps they have here. (Stat
        // one after another: a promise each cost twice the CPU at 28,000 files.)
        if (this.record) for (const path of this.written.keys()) if (path !== OUTPUT_MARKER) this.stamps.set(path, stampFileSync(outputFile(this.dir, path)));
        await swapIn(this.dir, this.outDir);
        this.summary ||= 'fresh folder';
      }
    } catch (error) {
      await this.discard();
      throw error;
    }
    // Every file the manifest lists has its stamp (none is missing unless a stat failed): else no record, so a fresh folder next time.
    if (this.record && [...this.written.keys()].every((path) => path === OUTPUT_MARKER || this.stamps.has(path))) saveOutputRecord(this.record.file, this.outDir, manifest, this.stamps, this.pageKeys, this.written);
  }

  /** Applies the changed files to the output in place (./in-place.ts); nothing at all when no file changed. */
  private async applyUpdate(previous: PreviousOutput, manifest: string): Promise<void> {
    const removed = [...previous.manifest.keys()].filter((path) => !this.written.has(path));
    if (manifest === previous.manifestText) {
      // Every file the same bytes as before (the manifest lists each one's hash): nothing to apply.
      await this.discard();
      this.summary = 'updated in place: no file changed';
      return;
    }
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, OUTPUT_MARKER), manifest);
    killPoint('staging-complete');
    assertStillPrevious(this.outDir, previous);
    const moved = applyInPlace(this.dir, this.outDir, removed);
    for (const path of moved) this.stamps.set(path, stampFileSync(outputFile(this.outDir, path)));
    this.summary = `updated in place: ${moved.length} file(s) written, ${removed.length} removed`;
  }

  async discard(): Promise<void> {
    // A folder being made or a file being written after the removal would leave the staging
    // folder behind.
    await this.flush().catch(() => undefined);
    await Promise.allSettled(this.preparing);
    await Promise.allSettled(this.folders.values());
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Chunks smaller than this are joined and written together: llms-full.txt comes as two chunks
 * per page (its twin and a separator), and each write waits for the one before it (at 8,500
 * pages, 18,000 writes one after another, the last thing a build into a fresh folder waited for).
 */
const JOINED_WRITE_BYTES = 1 << 20;

/** The chunks, joined into pieces of at least `bytes` (the last may be smaller). */
async function* joined(chunks: AsyncIterable<Uint8Array>, bytes: number): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    size += chunk.byteLength;
    if (size < bytes) continue;
    yield parts.length === 1 ? chunk : Buffer.concat(parts);
    parts = [];
    size = 0;
  }
  if (size > 0) yield parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** Runs `make` now; the function returned gives its result, or throws what it threw. */
function attempt<T>(make: () => T): () => T {
  try {
    const value = make();
    return () => value;
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/**
 * Throws, before anything in the output changes, when another build changed it while this one
 * ran (two builds of the same site at once): this build's update was made against the old files.
 */
function assertStillPrevious(outDir: string, previous: PreviousOutput): void {
  let now: string | undefined;
  try {
    now = readFileSync(join(outDir, OUTPUT_MARKER), 'utf8');
  } catch {
    // Missing: another build is applying its update.
  }
  if (now === previous.manifestText) return;
  throw new HelpgenError(`${outDir} was changed by another build while this one ran, so this build changed nothing in it`, {
    hint: 'Build again once the other build has finished (CI: let one build of a site run at a time).',
  });
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
