// Page texts a production build no longer needs in its heap, kept in one file until a later
// stage reads them again (issue 38: pages stream through the build). Every page's rendered
// markdown body, its page body and its source text used to stay in the main thread's heap from
// the markdown phase to the end of the build (at 8,500 pages ~250 MB of strings, which every
// garbage collection of the old generation walked again); the heap, and the process's peak
// memory, grew with the site. Now a page's texts are written here as soon as its markdown is
// done, and the objects that held them get a property that reads them back: what later stages
// keep for every page is the compact part (routes, headings and ids, links, sidebar data).
//
// One file per build, appended to and read at offsets, in helpgen's cache folder (on disk, where
// /tmp may be memory). On POSIX it is unlinked as soon as it is opened: nothing is left behind if
// the build is killed, and the space is freed when the file is closed (when the build's last
// object that reads from it is collected, or the process ends).
import { closeSync, mkdirSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { helpgenCacheDir } from '../paths.ts';

/** Where a text is in a spill file: the spill, the text's byte offset and length. */
class SpilledText {
  constructor(
    readonly spill: TextSpill,
    readonly offset: number,
    readonly length: number,
  ) {}
}

/**
 * Where a text is in a spill file, for another thread of the process to read it there
 * (readSpilled): threads share the process's open files, and the spill writes at fixed offsets.
 */
export interface SpillRef {
  fd: number;
  offset: number;
  length: number;
}

/** Makes a text when it is first read (see TextSpill.lazy); `spill`: where it goes once made, if anywhere. */
export interface TextMaker {
  make(): string;
  spill(): TextSpill | undefined;
}

/** What a text property kept this way holds: the text itself, where it is in a spill, or how to make it. */
type Held = string | SpilledText | TextMaker;

/**
 * The getter and setter every object shares for a property of this name. A getter made per object
 * (a closure, its context, an accessor pair) turned the object into a dictionary of its own, and
 * the three per page cost ~2.5 KB of the main thread's heap (at 50,000 pages ~130 MB): with one
 * pair per name, added as a new property, the objects keep V8's shared hidden classes. What each
 * object holds is in a property keyed by a symbol, which JSON, structured clone and Object.keys
 * leave out.
 */
interface SharedAccessor {
  slot: symbol;
  get(this: Record<symbol, Held>): string;
  set(this: Record<symbol, Held>, text: string): void;
}

const accessors = new Map<string, SharedAccessor>();

function accessorOf(key: string): SharedAccessor {
  let made = accessors.get(key);
  if (made) return made;
  const slot = Symbol(`text of ${key}`);
  made = {
    slot,
    get() {
      const held = this[slot]!;
      if (typeof held === 'string') return held;
      if (held instanceof SpilledText) return held.spill.read(held);
      const text = held.make();
      const spill = held.spill();
      this[slot] = spill && text !== '' ? spill.put(text) : text;
      return text;
    },
    // Assigned texts stay in memory.
    set(text) {
      this[slot] = text;
    },
  };
  accessors.set(key, made);
  return made;
}

/**
 * Gives `target[key]` the shared accessor, holding `held`. Added as a new property, it keeps the
 * object fast; a data property of that name is deleted first, which makes most objects
 * dictionaries (Node 20 keeps an object fast when it was its last property, Node 22 does not):
 * objects made to hold a spilled text are given it with `add`.
 */
function holdText<T extends object>(target: T, key: keyof T & string, held: Held): void {
  const { slot, get, set } = accessorOf(key);
  if (Object.hasOwn(target, key)) delete target[key];
  Object.defineProperty(target, key, { configurable: true, enumerable: true, get, set });
  Object.defineProperty(target, slot, { value: held, writable: true, configurable: true, enumerable: false });
}

/** Closes a spill's file once nothing can read from it any more. */
const closer = new FinalizationRegistry<{ fd: number; path: string }>(({ fd, path }) => {
  try {
    closeSync(fd);
    rmSync(path, { force: true });
  } catch {
    // Closed already (the process is ending).
  }
});

/** Bytes gathered before they are written in one call (a write per page was most of a warm build's system time). */
const WRITE_BATCH = 1 << 20;

export class TextSpill {
  /** Bytes in the file, and gathered after them, not written yet. */
  private end = 0;
  private written = 0;
  /**
   * Texts are encoded straight into this batch, and read back into `scratch`: one buffer each
   * for the whole build. A new buffer per text put or read (~50 KB each, three a page) was ~8 s
   * of a 50,000-page build's main thread in its page phase, most of it garbage collection that
   * the new memory outside V8's heap set off (profiled).
   */
  private readonly batch = Buffer.allocUnsafe(WRITE_BATCH);
  private scratch = Buffer.allocUnsafe(0);
  /** The last text read: a stage often reads the same page's text twice in a row. */
  private last?: { at: SpilledText; text: string };
  /** Texts read back from the file (tests count them). */
  reads = 0;

  private constructor(
    private readonly fd: number,
    path: string,
  ) {
    closer.register(this, { fd, path });
  }

  /** A new spill file; undefined when none can be made (a read-only disk): the texts then stay in memory. */
  static open(dir = join(helpgenCacheDir, 'spill')): TextSpill | undefined {
    const path = join(dir, `texts-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
    try {
      mkdirSync(dir, { recursive: true });
      const fd = openSync(path, 'w+');
      let unlinked = false;
      try {
        unlinkSync(path);
        unlinked = true;
      } catch {
        // Windows cannot remove an open file: it is removed when the spill is closed.
      }
      return new TextSpill(fd, unlinked ? '' : path);
    } catch {
      return undefined;
    }
  }

  /** Writes a text; where it is. */
  put(text: string): SpilledText {
    const length = Buffer.byteLength(text, 'utf8');
    const at = new SpilledText(this, this.end, length);
    if (this.end - this.written + length > WRITE_BATCH) this.flush();
    if (length > WRITE_BATCH) {
      // Longer than the batch (which is empty now): written on its own.
      this.writeAll(Buffer.from(text, 'utf8'), this.end);
      this.written += length;
    } else this.batch.write(text, this.end - this.written, 'utf8');
    this.end += length;
    return at;
  }

  /** Writes the texts gathered in the batch. */
  private flush(): void {
    const gathered = this.end - this.written;
    if (gathered > 0) this.writeAll(this.batch.subarray(0, gathered), this.written);
    this.written = this.end;
  }

  private writeAll(bytes: Buffer, position: number): void {
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, position + done);
  }

  read(at: SpilledText): string {
    if (this.last?.at === at) return this.last.text;
    this.reads++;
    if (this.scratch.length < at.length) this.scratch = Buffer.allocUnsafe(Math.max(at.length, 2 * this.scratch.length, 64 * 1024));
    const text = readInto(this.scratch, this.refTo(at));
    this.last = { at, text };
    return text;
  }

  /** Where a text of this spill is, written to the file (for readSpilled). */
  refTo(at: SpilledText): SpillRef {
    if (at.offset + at.length > this.written) this.flush();
    return { fd: this.fd, offset: at.offset, length: at.length };
  }

  /**
   * Moves `target[key]` (a string) into the spill: the property then reads it back from the file
   * each time, and assigning it keeps the new value in memory again. Empty texts stay as they are.
   * The object then becomes a dictionary (holdText): an object made to hold a text in the spill is given it with `add`.
   */
  move<T extends object>(target: T, key: keyof T & string): void {
    // Read from somewhere already (this spill, or a file of the build cache's): what is made
    // from it still goes to this spill (spillOf).
    if (Object.getOwnPropertyDescriptor(target, key)?.get) {
      spilledBy.set(target, this);
      return;
    }
    const value = target[key];
    if (typeof value !== 'string' || value === '') return;
    spilledBy.set(target, this);
    holdText(target, key, this.put(value));
  }

  /** Adds `target[key]`, a new property, with `text` in the spill (an empty text stays in memory); returns `target`, which stays a fast object. */
  add<T extends object, K extends string>(target: T, key: K, text: string): T & Record<K, string> {
    const holder = target as T & Record<K, string>;
    spilledBy.set(holder, this);
    holdText(holder, key, text === '' ? text : this.put(text));
    return holder;
  }
}

/**
 * Adds `target[key]`, a text made by `maker` when first read and then kept where the maker says
 * (its spill, else in memory). `key` must be a new property of the object.
 */
export function lazyText<T extends object>(target: T, key: string, maker: TextMaker): void {
  holdText(target, key as keyof T & string, maker);
}

/** Whether `target[key]` is a text held in memory: a plain string property, or one kept this way and assigned or made without a spill. */
export function heldInMemory(target: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (!descriptor?.get) return typeof descriptor?.value === 'string';
  const held = (target as Record<symbol, Held | undefined>)[accessorOf(key).slot];
  return typeof held === 'string';
}

/** Where `target[key]` is in a spill, when a spill holds it (not when it is held in memory, or not made yet). */
export function spilledAt(target: object, key: string): SpillRef | undefined {
  const held = (target as Record<symbol, Held | undefined>)[accessorOf(key).slot];
  return held instanceof SpilledText ? held.spill.refTo(held) : undefined;
}

/** How `target[key]` will be made, when it is a text kept this way (lazyText) that no one has read yet. */
export function unmadeText(target: object, key: string): TextMaker | undefined {
  const held = (target as Record<symbol, Held | undefined>)[accessorOf(key).slot];
  return held === undefined || typeof held === 'string' || held instanceof SpilledText ? undefined : held;
}

/** A text in a spill, read by any thread of the process that spilled it (see SpillRef). */
export function readSpilled(ref: SpillRef): string {
  return readInto(Buffer.allocUnsafe(ref.length), ref);
}

function readInto(bytes: Buffer, { fd, offset, length }: SpillRef): string {
  let done = 0;
  while (done < length) {
    const got = readSync(fd, bytes, done, length - done, offset + done);
    if (got === 0) throw new Error(`helpgen's spill file ended early (${offset + done} of ${offset + length} bytes)`);
    done += got;
  }
  return bytes.toString('utf8', 0, length);
}

/** Which spill an object's texts were moved to. */
const spilledBy = new WeakMap<object, TextSpill>();

/** The spill `holder`'s texts went to, if any: what is made from them goes there too. */
export function spillOf(holder: object): TextSpill | undefined {
  return spilledBy.get(holder);
}
