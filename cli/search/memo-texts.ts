// The long texts the index memo keeps of each page (./index-memo.ts): its page file as JSON and
// that file as last encoded with the site's word dictionary. They live in files of their own,
// "texts" files, read back one text at a time where the build needs one, rather than in the
// memo's own file, which is read whole: at 8,500 pages the texts are ~70 MB, and holding them in
// the worker's heap was what page-spill.ts was made to avoid.
//
// A texts file is written once, whole (under a temporary name, then renamed), and never changed
// after: a build writes only the texts it made in a new one, and the memo names each text by
// (file, offset, length). So two builds of one site side by side never see a half-written text,
// and a warm build after a one-page edit writes one page's texts, not the site's. Once the files
// hold mostly texts no page names any more, or too many files, a build copies the live texts
// into one file, and the files no memo names are removed.
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { temporaryPath } from '../disk-cache.ts';

/** A text in a texts file: [file's place in the memo's list, byte offset, byte length]. */
export type TextRef = readonly [file: number, offset: number, length: number];

/** A temporary texts file older than this was left by a build that stopped. */
const ABANDONED_MS = 3_600_000;

/** Texts files a memo may name before their live texts are copied into one. */
const MAX_FILES = 8;

/** The texts files one memo names, open for reading. */
export class MemoTexts {
  private constructor(
    private readonly dir: string,
    readonly names: readonly string[],
    private readonly fds: readonly number[],
  ) {}

  /**
   * Opens the named files at once: a file another build removes meanwhile stays readable
   * through its open descriptor. Undefined when one is missing (the memo is then of no use).
   */
  static open(dir: string, names: readonly string[]): MemoTexts | undefined {
    const fds: number[] = [];
    try {
      for (const name of names) fds.push(openSync(join(dir, name), 'r'));
      return new MemoTexts(dir, names, fds);
    } catch {
      for (const fd of fds) closeSync(fd);
      return undefined;
    }
  }

  static empty(dir: string): MemoTexts {
    return new MemoTexts(dir, [], []);
  }

  read([file, offset, length]: TextRef): string {
    const bytes = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const read = readSync(this.fds[file]!, bytes, done, length - done, offset + done);
      if (read === 0) throw new Error(`index memo: texts file ${this.names[file]} ends early`);
      done += read;
    }
    return bytes.toString('utf8');
  }

  /** The size of each file, in the order of `names`. */
  sizes(): number[] {
    return this.fds.map((fd) => fstatSync(fd).size);
  }

  /**
   * Writes the next memo's texts: `keep` lists the texts of this memo that stay (by ref) and
   * `add` the new ones (each read only as it is written); answers the next memo's file names
   * and each text's new ref, in the order given (the kept ones first). `mayCompact` false keeps every kept text where it is (a
   * delta's texts, beside its base's files). Throws when the disk refuses (no memo is then written).
   */
  rewrite(keep: readonly TextRef[], add: readonly (() => string)[], mayCompact = true): { names: string[]; kept: TextRef[]; added: TextRef[] } {
    const live = new Map<number, number>();
    for (const [file, , length] of keep) live.set(file, (live.get(file) ?? 0) + length);
    const sizes = this.sizes();
    const liveBytes = [...live.values()].reduce((a, b) => a + b, 0);
    const heldBytes = [...live.keys()].reduce((a, file) => a + sizes[file]!, 0);
    // Copy every live text into the new file when most of the old files' bytes are dead, or they are many.
    const compact = mayCompact && (live.size + 1 > MAX_FILES || heldBytes > 2 * liveBytes + 1_000_000);
    const writer = new TextsWriter(this.dir);
    try {
      const names: string[] = [];
      const newFile = (file: number) => {
        const name = this.names[file]!;
        const at = names.indexOf(name);
        return at >= 0 ? at : names.push(name) - 1;
      };
      const kept = compact ? keep.map((ref) => writer.add(this.read(ref))) : keep.map(([file, offset, length]): TextRef => [newFile(file), offset, length]);
      const added = add.map((text) => writer.add(text()));
      const written = writer.publish();
      if (written === undefined) return { names, kept, added };
      const own = names.push(written) - 1;
      const place = (ref: TextRef, mine: boolean): TextRef => (mine ? [own, ref[1], ref[2]] : ref);
      return { names, kept: kept.map((ref) => place(ref, compact)), added: added.map((ref) => place(ref, true)) };
    } finally {
      writer.discard();
    }
  }

  close(): void {
    for (const fd of this.fds) closeSync(fd);
  }
}

/** Removes the texts files of `dir` that `names` does not list (and temporary files left behind by a build that stopped). */
export function removeOtherTexts(dir: string, names: readonly string[]): void {
  const keep = new Set(names);
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith('texts-') || keep.has(entry)) continue;
    const path = join(dir, entry);
    // Another build's file being written is left to it, unless a stopped build left it long ago.
    if (entry.endsWith('.tmp') && Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0) < ABANDONED_MS) continue;
    rmSync(path, { force: true });
  }
}

/** One new texts file, filled in order; refs name it as file -1 until it is published. */
class TextsWriter {
  private readonly name = `texts-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  private readonly temp: string;
  private fd?: number;
  private end = 0;

  constructor(private readonly dir: string) {
    this.temp = temporaryPath(join(dir, this.name));
  }

  add(text: string): TextRef {
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true });
      this.fd = openSync(this.temp, 'w');
    }
    const bytes = Buffer.from(text);
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.end + done);
    const ref: TextRef = [-1, this.end, bytes.length];
    this.end += bytes.length;
    return ref;
  }

  /** Puts the file in place; its name, or undefined when nothing was written. */
  publish(): string | undefined {
    if (this.fd === undefined) return undefined;
    closeSync(this.fd);
    this.fd = undefined;
    renameSync(this.temp, join(this.dir, this.name));
    return this.name;
  }

  /** Removes the temporary file if it was not published. */
  discard(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.temp, { force: true });
  }
}
