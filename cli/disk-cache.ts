// How every cache of helpgen's on disk (the build cache, compiled configs and templates, the
// client assets) writes and tidies its entries. Entries are written whole under a temporary
// name and renamed into place, so builds running side by side (CI, tests) or a build stopped
// midway never leave or read half an entry. Reading and writing never fail a command: a cache
// can make helpgen faster, never different, and a read-only disk only costs speed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A temporary path beside `path`, of this process only; `pruneCache` removes one left behind. */
export function temporaryPath(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
}

/** The entry name a temporary name stands for ("x.bin.123-0a1b2c3d.tmp" → "x.bin"), or undefined. */
const temporaryOf = (name: string) => /^(.*)\.\d+-[0-9a-f]{8}\.tmp$/.exec(name)?.[1];

/** The entry's bytes, or undefined when there is none or it cannot be read. */
export function readEntry(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Writes `data` to `path` whole or not at all; false when the disk refused. */
export function writeEntry(path: string, data: string | Uint8Array): boolean {
  const temp = temporaryPath(path);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, data);
    renameSync(temp, path);
    return true;
  } catch {
    remove(temp);
    return false;
  }
}

/** Removes a file or folder if it is there and can be removed. */
function remove(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Not a folder we can write to: nothing of ours is there.
  }
}

/**
 * Moves a folder filled under `temporaryPath(folder)` into place. When another process put the
 * same entry there first, its copy stays and this one is removed.
 */
export function publishFolder(temp: string, folder: string): void {
  try {
    renameSync(temp, folder);
  } catch {
    remove(temp);
  }
}

export interface PruneRule {
  /** Which names in the folder are entries of this cache. */
  entries: (name: string) => boolean;
  /** Entries kept beyond the rules below, newest (last modified) first; older ones go. */
  keepNewest?: number;
  /** Entries removed whatever their age (say, the bundle of a file that no longer exists). */
  stale?: (path: string) => boolean;
  /** An entry never removed (the one the caller is about to use). */
  current?: string;
}

/** Another process's temporary entry is left alone for this long: it may still be writing it. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Removes the entries `rule` calls old, and temporary ones abandoned over an hour ago. */
export function pruneCache(dir: string, rule: PruneRule): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const found = names
    .map((name) => ({ name, temporary: temporaryOf(name) !== undefined, path: join(dir, name) }))
    .filter((entry) => rule.entries(temporaryOf(entry.name) ?? entry.name) && entry.path !== rule.current)
    // Only an age rule needs the times: a folder of one file per page (../pipeline/file-store.ts)
    // pruned by name alone was 8,500 stat calls after every build.
    .map((entry) => ({ ...entry, time: entry.temporary || rule.keepNewest !== undefined ? modified(entry.path) : 0 }));
  const temporary = found.filter((entry) => entry.temporary);
  const kept = found.filter((entry) => !entry.temporary).sort((a, b) => b.time - a.time || (a.name < b.name ? -1 : 1));
  const old = [
    ...temporary.filter((entry) => Date.now() - entry.time > ABANDONED_AFTER_MS),
    ...kept.filter((entry, i) => i >= (rule.keepNewest ?? Number.POSITIVE_INFINITY) || (rule.stale?.(entry.path) ?? false)),
  ];
  for (const entry of old) remove(entry.path);
}

/**
 * True when nothing was written to `path` for as long as another process's temporary entry is
 * left alone: a folder a build is still filling (its cache file comes last) is not abandoned.
 */
export function isAbandoned(path: string): boolean {
  return Date.now() - modified(path) > ABANDONED_AFTER_MS;
}

function modified(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0; // removed meanwhile
  }
}
