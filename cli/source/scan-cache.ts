// What the scan read of each page, kept while the page's file keeps its stamp (./file-stamp.ts):
// the dev server keeps it in memory from one rebuild to the next, and a production build keeps
// it in the build cache on disk (../pipeline/site-build.ts), so a warm build neither reads,
// hashes, fills in the placeholders of nor parses the front matter of a page that did not change
// (at 8,500 pages that was ~0.8 s of the main thread). A page's text is not kept: a later stage
// that needs it reads it from the file then (./lazy-source.ts).
import type { Diagnostic } from '../diagnostics/errors.ts';
import { isRacy, sameStamp, type FileStamp } from './file-stamp.ts';
import type { SourceDoc } from './source-types.ts';
import type { TextEdit } from './placeholders.ts';

/** A page as the scan made it: its doc, what reading it reported, and the file's stamp then. */
interface ScannedFile {
  stamp: FileStamp;
  /** The clock before the scan that read it listed content/ (see isRacy). */
  readAt: bigint;
  doc: SourceDoc;
  diagnostics: Diagnostic[];
  /** What filling in the placeholders replaced in the file's text (../source/source-text.ts). */
  edits: TextEdit[];
}

/** A doc as the build cache keeps it: without its text, and without its absolute path (the cache is the site folder's). */
export type StoredDoc = Omit<SourceDoc, 'source' | 'absPath'>;

/** The scan's part of the build cache on disk. */
export interface StoredScan {
  /** The settings the docs were made with (scanSettingsKey in ./scan.ts). */
  settings: string;
  files: [relPath: string, file: Omit<ScannedFile, 'doc'> & { doc: StoredDoc }][];
}

export class ScanCache {
  private readonly files = new Map<string, ScannedFile>();
  /** Loaded from the build cache, not asked for yet: made into docs as the scan takes them. */
  private stored = new Map<string, StoredScan['files'][number][1]>();
  private settings = '';
  /** Pages the last scan read from their files, not taken from here. */
  read = 0;

  /** Starts a scan with these settings: docs made with others are forgotten. */
  startScan(settings: string): void {
    if (settings !== this.settings) this.clear();
    this.settings = settings;
    this.read = 0;
  }

  clear(): void {
    this.files.clear();
    this.stored.clear();
  }

  /**
   * The page at `relPath` as last read, when its file still has the stamp it had then and that
   * stamp is proof enough (not racy). A page from the build cache is made into a doc by `open`,
   * which gives it a way to read its text.
   */
  take(relPath: string, stamp: FileStamp, open: (doc: StoredDoc, edits: TextEdit[]) => SourceDoc): { doc: SourceDoc; diagnostics: Diagnostic[] } | undefined {
    let file = this.files.get(relPath);
    const stored = file ? undefined : this.stored.get(relPath);
    if (stored) {
      this.stored.delete(relPath);
      file = { ...stored, doc: open(stored.doc, stored.edits) };
      this.files.set(relPath, file);
    }
    if (!file || !sameStamp(file.stamp, stamp) || isRacy(file.stamp, file.readAt)) return undefined;
    return file;
  }

  keep(relPath: string, file: ScannedFile): void {
    this.read++;
    this.files.set(relPath, file);
  }

  /** Forgets the pages that are no longer there. */
  retain(present: Set<string>): void {
    for (const relPath of this.files.keys()) if (!present.has(relPath)) this.files.delete(relPath);
    this.stored.clear();
  }

  /** For the build cache on disk: every page's doc without its text. */
  export(): StoredScan {
    const files: StoredScan['files'] = [];
    for (const [relPath, { doc, ...file }] of this.files) files.push([relPath, { ...file, doc: withoutText(doc) }]);
    return { settings: this.settings, files };
  }

  /** Takes what the build cache on disk kept (its docs are made when a scan with the same settings asks for them). */
  import(stored: StoredScan | undefined): void {
    this.clear();
    if (!stored) return;
    this.settings = stored.settings;
    this.stored = new Map(stored.files);
  }
}

/** The doc's fields but its text and absolute path, read without reading the text (which a getter may read from its file). */
function withoutText(doc: SourceDoc): StoredDoc {
  const stored: Record<string, unknown> = {};
  for (const key of Object.keys(doc)) if (key !== 'source' && key !== 'absPath') stored[key] = doc[key as keyof SourceDoc];
  return stored as StoredDoc;
}
