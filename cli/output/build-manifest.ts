// The manifest a build writes last into its output, as the `.helpgen-output` file: every file
// the build wrote, with its size and SHA-256. It says two things. To the next build: this
// folder is a build's output, and holds nothing else, so it may be replaced (./output-folder.ts).
// To `helpgen deploy`: these are the files of the site, all of them and nothing more, so a
// partial or hand-edited dist/ is refused before it can replace (or, with --delete, empty) the
// live site (../deploy/build-check.ts). Sorted by path, without times: the same input gives the
// same bytes.
import { createHash, webcrypto, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { outputPathProblem } from './output-path.ts';

/** The manifest's file name, at the top of the output folder. */
export const OUTPUT_MARKER = '.helpgen-output';

export interface ManifestEntry {
  /** Path under the output folder, "/"-separated. */
  path: string;
  size: number;
  sha256: string;
}

const ABOUT =
  'Written by "helpgen build": every file of this folder, with its size and SHA-256. The next build replaces the folder as a whole (files added here are lost); "helpgen deploy" refuses the folder when its files are not exactly these.';

const FORMAT = 1;

const manifestSchema = z.strictObject({
  about: z.string(),
  format: z.literal(FORMAT),
  files: z.array(
    z.strictObject({
      path: z.string().refine((path) => path !== OUTPUT_MARKER && path !== '' && outputPathProblem(path) === undefined && !path.split('/').includes(''), 'not a file path inside the folder'),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, 'not a SHA-256 in hex'),
    }),
  ),
});

/** The manifest's text: one file a line, sorted by path, so it is byte-identical for the same files. */
export function formatManifest(entries: Iterable<ManifestEntry>): string {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const lines = sorted.map(({ path, size, sha256 }) => '    ' + JSON.stringify({ path, size, sha256 }));
  return `{\n  "about": ${JSON.stringify(ABOUT)},\n  "format": ${FORMAT},\n  "files": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The files a manifest lists, by path, or why the text is not a manifest. */
export function parseManifest(text: string): Map<string, ManifestEntry> | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: text.trim() === '' ? 'it is empty' : 'it is not JSON' };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `${issue.path.length ? `"${issue.path.join('.')}": ` : ''}${issue.message}` };
  }
  const byPath = new Map<string, ManifestEntry>();
  for (const entry of parsed.data.files) {
    if (byPath.has(entry.path)) return { problem: `it lists ${entry.path} twice` };
    byPath.set(entry.path, entry);
  }
  return byPath;
}

/**
 * SHA-256 in hex of bytes in memory. Web Crypto hashes on libuv's thread pool, off the main
 * thread, which renders pages meanwhile (hashing our site's 13 MB there took ~45 ms).
 */
export async function sha256Of(bytes: Uint8Array): Promise<string> {
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
