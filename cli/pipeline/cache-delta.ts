// How the build cache file (./build-cache.ts) is written: a base, holding every page's entry,
// and a delta beside it, holding the entries that changed since the base was written (and the
// keys of those gone), with the rest of what the cache keeps (small). A build that changed one
// page writes a delta of one entry instead of the whole file (at 8,500 pages 24 MB, ~0.1 s to
// serialize and write); once the delta holds more than a tenth of the entries (or 64), a new
// base is written and the delta goes. The delta names the base it adds to, and each file is
// written under a temporary name and renamed (../disk-cache.ts): a build killed while saving
// leaves the old base with the old delta, or the new with the new, or a new base whose old
// delta no longer counts. An entry the save is handed is new when it is not the very object the
// load gave (MarkdownStage.exportEntries hands back those it did not change).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { serialize, deserialize } from 'node:v8';
import { readEntry, writeEntry } from '../disk-cache.ts';

/** A delta holds up to this many entries, or a tenth of them, before a new base is written. */
const MIN_DELTA_ENTRIES = 64;

/** What the cache holds: an entry per page, and whatever else (written whole each time). */
export interface Entries {
  markdown: [string, unknown][];
}

interface BaseFile<T> {
  stamp: string;
  id: string;
  data: T;
}

interface DeltaFile<T extends Entries> {
  stamp: string;
  /** The id of the base it adds to. */
  base: string;
  changed: T['markdown'];
  removed: string[];
  rest: Omit<T, 'markdown'>;
}

export class EntryFiles<T extends Entries> {
  /** The base read or written last: its id, and its entries by key. */
  private base?: { id: string; entries: Map<string, unknown> };

  /** `stamp` names the format, code and settings of the contents: files of another stamp read as empty. */
  constructor(
    private readonly baseFile: string,
    private readonly deltaFile: string,
    private readonly stamp: string,
  ) {}

  /** The base with its delta applied, or undefined when there is no base of this stamp (or it cannot be read). */
  load(): T | undefined {
    const base = read<BaseFile<T>>(this.baseFile);
    if (base?.stamp !== this.stamp || typeof base.id !== 'string' || !Array.isArray(base.data?.markdown)) return undefined;
    this.base = { id: base.id, entries: new Map(base.data.markdown) };
    const delta = read<DeltaFile<T>>(this.deltaFile);
    if (delta?.stamp !== this.stamp || delta.base !== base.id) return base.data;
    const entries = new Map(base.data.markdown);
    for (const key of delta.removed) entries.delete(key);
    for (const [key, entry] of delta.changed) entries.set(key, entry);
    return { ...delta.rest, markdown: [...entries] } as T;
  }

  /** Writes `data` as a delta to the base when it changed few entries, else as a new base; false when the disk refused. */
  save(data: T): boolean {
    const base = this.base;
    if (base) {
      const changed = data.markdown.filter(([key, entry]) => base.entries.get(key) !== entry);
      const keys = new Set(data.markdown.map(([key]) => key));
      const removed = [...base.entries.keys()].filter((key) => !keys.has(key));
      if (changed.length + removed.length <= Math.max(MIN_DELTA_ENTRIES, data.markdown.length / 10)) {
        const { markdown: _, ...rest } = data;
        return writeEntry(this.deltaFile, serialize({ stamp: this.stamp, base: base.id, changed, removed, rest } satisfies DeltaFile<T>));
      }
    }
    const id = randomBytes(8).toString('hex');
    if (!writeEntry(this.baseFile, serialize({ stamp: this.stamp, id, data } satisfies BaseFile<T>))) return false;
    this.base = { id, entries: new Map(data.markdown) };
    try {
      rmSync(this.deltaFile, { force: true }); // it names the old base: no longer read
    } catch {
      // Left behind, it is ignored.
    }
    return true;
  }
}

function read<F>(file: string): F | undefined {
  const bytes = readEntry(file);
  try {
    return bytes && (deserialize(bytes) as F);
  } catch {
    return undefined; // unreadable: as if not there
  }
}
