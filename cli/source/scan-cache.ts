// What the scan read of each page, kept while the page's file keeps its stamp (./file-stamp.ts):
// the dev server keeps it in memory from one rebuild to the next, and a production build keeps
// it in the build cache on disk (../pipeline/site-build.ts), so a warm build neither reads,
// hashes, fills in the placeholders of nor parses the front matter of a page that did not change
// (at 8,500 pages that was ~0.8 s of the main thread). A page whose stamp changed but whose text
// did not (a fresh checkout in CI, a cache restored, a branch switched back, `touch`) is hashed
// and taken too, as git re-hashes a file whose stat data changed: its front matter is neither
// parsed nor its placeholders filled in again. A page's text is not kept: a later stage that
// needs it reads it from the file then (./source-text.ts).
import type { Diagnostic } from '../diagnostics/errors.ts';
import { clockNs, isRacy, stampKey, type FileStamp } from './file-stamp.ts';
import type { SourceDoc } from './source-types.ts';
import type { TextEdit } from './placeholders.ts';
import { survivesJson, type PageReading } from './page-doc.ts';

/** A page as the scan made it: its doc, what reading it reported, and the file's stamp then. */
interface ScannedFile {
  stamp: string;
  doc: SourceDoc;
  diagnostics: Diagnostic[];
  /** What filling in the placeholders replaced in the file's text (./source-text.ts). */
  edits: TextEdit[];
}

const utf8 = new TextDecoder();

/** A page as the build cache keeps it: only what its doc cannot be made without (./page-doc.ts). */
type StoredPage = [relPath: string, stamp: string, reading: PageReading, diagnostics: Diagnostic[], edits: TextEdit[]];

/** The scan's part of the build cache on disk. */
export interface StoredScan {
  /** The settings the docs were made with (scanSettingsKey in ./scan.ts). */
  settings: string;
  /**
   * StoredPage[] as JSON, in UTF-8: 8,500 pages parse in a third of the time v8's format took,
   * and as bytes they are half the size of the same JSON as a string (which v8 stores two bytes
   * a character).
   */
  pages: Uint8Array;
}

/** Makes a doc of a page the build cache kept, with a way to read its text. */
export type OpenPage = (relPath: string, reading: PageReading, edits: TextEdit[]) => SourceDoc;

/** Whether the file of the page at `relPath` holds the text whose hash is `sourceHash`, once `edits` fill in its placeholders. */
export type HoldsText = (relPath: string, edits: readonly TextEdit[], sourceHash: string) => boolean;

export class ScanCache {
  private readonly files = new Map<string, ScannedFile>();
  /** Loaded from the build cache, not asked for yet: made into docs as the scan takes them. */
  private stored = new Map<string, StoredPage>();
  private settings = '';
  /** The clock when the scan started, before it listed a file (see isRacy). */
  private readAt = 0n;
  /** Pages the last scan read from their files, not taken from here. */
  read = 0;
  /** Pages the last scan took from here after hashing their text: their stamps had changed, their text had not. */
  rehashed = 0;

  /** `clock`: the wall clock in nanoseconds (tests set it, to say how long ago pages were saved). */
  constructor(private readonly clock: () => bigint = clockNs) {}

  /** Starts a scan with these settings (docs made with others are forgotten), before it lists content/. */
  startScan(settings: string): void {
    if (settings !== this.settings) this.clear();
    this.settings = settings;
    this.read = 0;
    this.rehashed = 0;
    this.readAt = this.clock();
  }

  clear(): void {
    this.files.clear();
    this.stored.clear();
  }

  /**
   * The page at `relPath` as last read, when its file still has the stamp it had then, or else
   * still holds the same text (`holdsText` hashes it; the new stamp is kept when it is proof
   * enough, as `keep` says). A page from the build cache is made into a doc by `open`.
   */
  take(relPath: string, stamp: FileStamp, open: OpenPage, holdsText?: HoldsText): { doc: SourceDoc; diagnostics: Diagnostic[] } | undefined {
    let file = this.files.get(relPath);
    const stored = file ? undefined : this.stored.get(relPath);
    if (stored) {
      const [, storedStamp, reading, diagnostics, edits] = stored;
      this.stored.delete(relPath);
      file = { stamp: storedStamp, doc: open(relPath, reading, edits), diagnostics, edits };
      this.files.set(relPath, file);
    }
    if (!file) return undefined;
    const key = stampKey(stamp);
    if (file.stamp === key) return file;
    if (!holdsText?.(relPath, file.edits, file.doc.sourceHash)) return undefined;
    this.rehashed++;
    if (isRacy(stamp, this.readAt)) this.files.delete(relPath);
    else file.stamp = key;
    return file;
  }

  /**
   * A page the scan read. Kept only when its stamp is proof enough that the page is the same while
   * the stamp is (not racy: changed well before this scan started), and JSON keeps its front matter.
   */
  keep(relPath: string, stamp: FileStamp, file: Omit<ScannedFile, 'stamp'>): void {
    this.read++;
    if (isRacy(stamp, this.readAt) || !survivesJson(file.doc.frontMatter)) this.files.delete(relPath);
    else this.files.set(relPath, { ...file, stamp: stampKey(stamp) });
  }

  /** Forgets the pages that are no longer there. */
  retain(present: Set<string>): void {
    for (const relPath of this.files.keys()) if (!present.has(relPath)) this.files.delete(relPath);
    this.stored.clear();
  }

  /** For the build cache on disk: what each page's doc is made of, without its text. */
  export(): StoredScan {
    const pages: StoredPage[] = [];
    for (const [relPath, { stamp, doc, diagnostics, edits }] of this.files) {
      const { sourceHash, frontMatter, route, title, hasExplicitTitle } = doc;
      pages.push([relPath, stamp, { sourceHash, frontMatter, route, title, hasExplicitTitle }, diagnostics, edits]);
    }
    return { settings: this.settings, pages: Buffer.from(JSON.stringify(pages)) };
  }

  /** Takes what the build cache on disk kept (its docs are made when a scan with the same settings asks for them). */
  import(stored: StoredScan | undefined): void {
    this.clear();
    if (!stored) return;
    this.settings = stored.settings;
    this.stored = new Map((JSON.parse(utf8.decode(stored.pages)) as StoredPage[]).map((page) => [page[0], page]));
  }
}
