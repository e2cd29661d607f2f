// The manifest a build writes last into its output, as the `.helpgen-output` file: every file
// the build wrote, with its size and SHA-256. It says two things. To the next build: this
// folder is a build's output, and holds nothing else, so it may be replaced (./output-folder.ts).
// To `helpgen deploy`: these are the files of the site, all of them and nothing more, so a
// partial or hand-edited dist/ is refused before it can replace (or, with --delete, empty) the
// live site (../deploy/build-check.ts). Sorted by path, without times: the same input gives the
// same bytes.
import { createHash, webcrypto, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { outputPathProblem } from './output-path.ts';

/** The manifest's file name, at the top of the output folder. */
export const OUTPUT_MARKER = '.helpgen-output';

export interface ManifestEntry {
  /** Path under the output folder, "/"-separated. */
  path: string;
  size: number;
  sha256: string;
}

/** What a file holds, as the manifest records it: its size and SHA-256. */
export type FileHolds = Omit<ManifestEntry, 'path'>;

const ABOUT =
  'Written by "helpgen build": every file of this folder, with its size and SHA-256. The next build replaces the folder as a whole (files added here are lost); "helpgen deploy" refuses the folder when its files are not exactly these.';

const FORMAT = 1;

/** The manifest's text: one file a line, sorted by path, so it is byte-identical for the same files. */
export function formatManifest(entries: Iterable<ManifestEntry>): string {
  const byPath = new Map([...entries].map((entry) => [entry.path, entry]));
  // The default sort compares UTF-16 code units, as `<` does, without calling back per pair (75,000 files).
  const lines = [...byPath.keys()].sort().map((path) => {
    const { size, sha256 } = byPath.get(path)!;
    return `    {"path":${JSON.stringify(path)},"size":${size},"sha256":"${sha256}"}`;
  });
  return `{\n  "about": ${JSON.stringify(ABOUT)},\n  "format": ${FORMAT},\n  "files": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The files a manifest lists, by path, or why the text is not a manifest. Checked in one plain
 * pass (every build reads its last manifest; a large site's lists 75,000 files).
 */
export function parseManifest(text: string): Map<string, ManifestEntry> | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: text.trim() === '' ? 'it is empty' : 'it is not JSON' };
  }
  const top = json as { format?: unknown; files?: unknown } | null;
  if (typeof top !== 'object' || top === null || Array.isArray(top)) return { problem: 'it is not a JSON object' };
  if (top.format !== FORMAT) return { problem: `"format" is ${JSON.stringify(top.format) ?? 'missing'}, not ${FORMAT}` };
  if (!Array.isArray(top.files)) return { problem: '"files" is not a list' };
  const byPath = new Map<string, ManifestEntry>();
  const files = top.files as unknown[];
  for (let i = 0; i < files.length; i++) {
    const entry = files[i] as Partial<ManifestEntry> | null;
    const problem = entryProblem(entry);
    if (problem) return { problem: `"files.${i}": ${problem}` };
    const { path, size, sha256 } = entry as ManifestEntry;
    if (byPath.has(path)) return { problem: `it lists ${path} twice` };
    byPath.set(path, { path, size, sha256 });
  }
  return byPath;
}

/**
 * A path that is plainly safe: "/"-separated parts of letters, digits, "_", "~", "-", "." and
 * spaces, none empty and none starting with "." (so no "." or ".." part, no drive letter, no
 * backslash or NUL, not the manifest itself). Nearly every path a build writes is one, and one
 * test of it costs a tenth of the checks part by part, which any other path still gets.
 */
const PLAINLY_SAFE_PATH = /^(?:[\w~-][\w.~ -]*\/)*[\w~-][\w.~ -]*$/;

function entryProblem(entry: Partial<ManifestEntry> | null): string | undefined {
  if (typeof entry !== 'object' || entry === null) return 'not an object';
  const { path, size, sha256 } = entry;
  if (typeof path !== 'string' || !(PLAINLY_SAFE_PATH.test(path) || insideTheFolder(path))) return 'its path is not a file path inside the folder';
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return 'its size is not a whole number of bytes';
  if (typeof sha256 !== 'string' || !SHA256.test(sha256)) return 'its sha256 is not a SHA-256 in hex';
  return undefined;
}

function insideTheFolder(path: string): boolean {
  return path !== '' && path !== OUTPUT_MARKER && !path.split('/').includes('') && outputPathProblem(path) === undefined;
}

/**
 * Up to this size a file is hashed at once on the main thread: handing a small file to Web
 * Crypto costs the main thread more (a job and its promise, ~15 µs) than hashing it (~5 µs for
 * the 3 KB of a search page's records, of which a warm build at 8,500 pages hands over 9,600).
 */
const HASHED_AT_ONCE = 16 * 1024;

/**
 * SHA-256 in hex of bytes in memory. Web Crypto hashes larger files on libuv's thread pool, off
 * the main thread, which renders pages meanwhile (hashing our site's 13 MB there took ~45 ms).
 */
export async function sha256Of(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength <= HASHED_AT_ONCE) return createHash('sha256').update(bytes).digest('hex');
  // Web Crypto takes no view of shared memory; such bytes are copied first.
  const owned = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', owned)).toString('hex');
}

/** Size and SHA-256 of a file on disk, read as a stream (it may be a large video). */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash: Hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
