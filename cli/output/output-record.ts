// What the last build left in its output folder, as the build cache remembers it: the folder's
// path, the SHA-256 of the manifest it wrote (./build-manifest.ts), each file's stamp (size,
// modification and change times, inode) as the file system gave them just after the build, and
// for each page and markdown twin the key it was made from (pageKeys in
// ../pipeline/stages/pages.ts, ../pipeline/kept-twins.ts) and the SHA-256 of what it holds (see
// holdsByKey). The next build updates the folder in place (./in-place.ts) only when the folder
// is still exactly that: the same manifest, and every file it lists with the same stamp. A file
// edited, touched back to its old time, replaced, copied over or removed by hand changes its
// stamp (the change time cannot be set back), and then the build writes a fresh folder, as
// without the record. The stamps are the check git's index makes of a work tree: no file is read.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readEntry, writeEntry } from '../disk-cache.ts';
import { OUTPUT_MARKER, parseManifest, type FileHolds, type ManifestEntry } from './build-manifest.ts';
import { stampKey, stampOf } from '../source/file-stamp.ts';

const FORMAT = 2;

/** The last build's output, verified to be still in place. */
export interface PreviousOutput {
  /** The manifest's text and its files by path. */
  manifestText: string;
  manifest: Map<string, ManifestEntry>;
  /** Each file's stamp (see `stampFileSync`). */
  stamps: Map<string, string>;
  /** The key each page's file was made from, by path. */
  pageKeys: Map<string, string>;
}

/** Why the output cannot be updated in place; with a usable record, what its keyed files held (see holdsByKey). */
export interface NoPreviousOutput {
  why: string;
  holds?: Map<string, FileHolds>;
}

interface StoredRecord {
  format: number;
  outDir: string;
  manifestSha256: string;
  /** [path, stamp, page key or "", and for a file with a key its SHA-256], in the manifest's order. */
  files: [string, string, string, string?][];
}

/** A file's stamp as text (../source/file-stamp.ts): anything that writes the file, or sets its times, changes it. */
export function stampFileSync(file: string): string {
  return stampKey(stampOf(statSync(file, { bigint: true })));
}

/**
 * Files stamped before the scan that runs meanwhile gets a turn. Stamped one after another: a
 * promise per file (fs/promises) cost twice the CPU time at 28,000 files.
 */
const STATS_PER_TURN = 2000;

/**
 * The last build's output in `outDir`, or why it cannot be updated in place (no record, another
 * folder, a manifest or a file that changed since). Reads the manifest, unless the output's
 * safety check read it already (`read`: ./output-folder.ts), and stats each file it lists;
 * reads no other file.
 */
export async function previousOutput(recordFile: string, outDir: string, read?: { text: string; files: Map<string, ManifestEntry> }): Promise<PreviousOutput | NoPreviousOutput> {
  const bytes = readEntry(recordFile);
  if (!bytes) return { why: 'no record of the last build' };
  let record: StoredRecord;
  try {
    record = JSON.parse(bytes.toString('utf8')) as StoredRecord;
  } catch {
    return { why: 'the record of the last build is damaged' };
  }
  if (record.format !== FORMAT || !Array.isArray(record.files)) return { why: 'the record of the last build is of another version' };
  // The folder cannot be updated in place, but what the record says each key made still holds.
  const fresh = (why: string) => ({ why, holds: holdsByKey(record) });
  if (record.outDir !== outDir) return fresh(`the last build wrote ${record.outDir}`);
  let manifestText: string;
  try {
    manifestText = read?.text ?? readFileSync(join(outDir, OUTPUT_MARKER), 'utf8');
  } catch {
    return fresh(`it has no ${OUTPUT_MARKER}`);
  }
  if (sha256(manifestText) !== record.manifestSha256) return fresh(`its ${OUTPUT_MARKER} is not the one the last build wrote`);
  const manifest = read?.files ?? parseManifest(manifestText);
  if (!(manifest instanceof Map) || manifest.size !== record.files.length) return fresh(`its ${OUTPUT_MARKER} does not list the files the last build wrote`);
  const changed = await firstChangedFile(outDir, record.files, manifest);
  if (changed !== undefined) return fresh(`${changed} changed since the last build`);
  return {
    manifestText,
    manifest,
    stamps: new Map(record.files.map(([path, stamp]) => [path, stamp])),
    pageKeys: new Map(record.files.filter(([, , key]) => key !== '').map(([path, , key]) => [path, key])),
  };
}

async function firstChangedFile(outDir: string, files: StoredRecord['files'], manifest: Map<string, ManifestEntry>): Promise<string | undefined> {
  for (const [i, [path, stamp]] of files.entries()) {
    if (i % STATS_PER_TURN === STATS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    const entry = manifest.get(path);
    if (!entry || !stamp.startsWith(`${entry.size}:`)) return path;
    try {
      // Not join(): the path is one the manifest lists (checked safe, "/"-separated), and
      // normalising 27,800 paths cost more than the stats' own JavaScript.
      if (stampFileSync(`${outDir}/${path}`) !== stamp) return path;
    } catch {
      return path; // gone
    }
  }
  return undefined;
}

/**
 * Remembers what this build left in `outDir`: `stamps` holds every file its manifest lists; a
 * record that cannot be written only means a fresh folder next time.
 */
export function saveOutputRecord(recordFile: string, outDir: string, manifestText: string, stamps: Map<string, string>, pageKeys: Map<string, string>, written: Map<string, ManifestEntry>): void {
  const files: StoredRecord['files'] = [];
  for (const [path, stamp] of stamps) {
    const key = pageKeys.get(path);
    const sha256 = key === undefined ? undefined : written.get(path)?.sha256;
    files.push(sha256 === undefined ? [path, stamp, key ?? ''] : [path, stamp, key!, sha256]);
  }
  const record: StoredRecord = { format: FORMAT, outDir, manifestSha256: sha256(manifestText), files };
  writeEntry(recordFile, JSON.stringify(record));
}

/**
 * What each file the last build made from a key (a page or a markdown twin of the build cache's
 * stores) held: its size (the stamp's first part) and SHA-256, by key, wherever that build wrote
 * it. A key names the bytes it makes, so a build into a fresh folder that copies the stored file
 * of that key knows what its copy holds without reading it (../pipeline/stages/pages.ts,
 * ../pipeline/kept-twins.ts).
 */
function holdsByKey(record: StoredRecord): Map<string, FileHolds> {
  const holds = new Map<string, FileHolds>();
  for (const [, stamp, key, sha256] of record.files) if (key !== '' && sha256 !== undefined) holds.set(key, { size: Number.parseInt(stamp, 10), sha256 });
  return holds;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
