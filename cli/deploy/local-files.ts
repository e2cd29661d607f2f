// What `helpgen deploy` uploads: every file of the built site, each with the object key a
// browser asks for, its headers, its upload phase and the ETag object storage will give it.
// Pages get the keys of their address: a page in a folder of its own (the default layout,
// "support/apps/android/index.html") is stored as "support/apps/android" and "support/apps/android/",
// a page named after its address ("support/apps/android.html") as "support/apps/android". So a CDN
// in front of the bucket answers every link with the object of the same name, and the slash form
// a static host's redirect leads to works too: no index documents and no rewrite rules needed.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { HelpgenError } from '../diagnostics/errors.ts';
import { join, posix } from 'node:path';
import fg from 'fast-glob';
import { cacheControlOf, contentTypeOf, isContentHashed } from '../serve/headers.ts';
import { keysOfFile } from './object-key.ts';
import { OUTPUT_MARKER } from '../output/build-manifest.ts';

/**
 * Files are uploaded in this order, so the live site never links to something not there yet:
 * content-hashed assets (new names, unseen by anything live), files with fixed names (the
 * search entry file names fragments uploaded before it), pages, and files that list pages.
 */
export type Phase = 'assets' | 'files' | 'pages' | 'listings';

export interface LocalObject {
  /** Path in the built site, "/"-separated (as the build's manifest lists it). */
  path: string;
  /** Object key under the deploy prefix. */
  key: string;
  /** Absolute path in the built site. */
  file: string;
  size: number;
  /** The ETags object storage may report for this content: the MD5, or the multipart form. */
  etags: string[];
  /** SHA-256 in hex, checked against the build's manifest. */
  sha256: string;
  contentType: string;
  cacheControl: string;
  /** Sent as x-amz-website-redirect-location (the page itself redirects on any host). */
  redirect?: string;
  phase: Phase;
}

/** Parts of a multipart upload; the same as `aws s3 sync` uses, so its ETags compare equal. */
export const PART_SIZE = 8 * 1024 * 1024;

/** Files of the built site that are not part of the site, and why: never uploaded, and listed as skipped. */
export const SKIPPED = new Map([[OUTPUT_MARKER, "the build's list of the files it wrote"]]);

/** Files that list pages: uploaded last, once every page they name is there. */
const LISTINGS = /^(sitemap[^/]*\.xml|robots\.txt|llms(-full)?\.txt|_redirects)$/;

/**
 * Every file under `root` but the build's manifest, described for upload, sorted by key. Names
 * starting with a dot are files too (the build publishes static/.well-known/): a build writes
 * no others, and the manifest check refuses any it did not write.
 */
export async function localObjects(root: string, baseUrl: string): Promise<LocalObject[]> {
  const paths = (await fg('**/*', { cwd: root, onlyFiles: true, dot: true, followSymbolicLinks: false })).filter((path) => !SKIPPED.has(path)).sort();
  const redirects = paths.includes('_redirects') ? parseRedirects(await readFile(join(root, '_redirects'), 'utf8')) : new Map<string, string>();
  const objects: LocalObject[] = [];
  for (const path of paths) {
    const file = join(root, path);
    const info = await lstat(file);
    // A link could publish a file from anywhere on this machine; builds never write one.
    if (!info.isFile()) throw new HelpgenError(`${path} in the built site is a symbolic link`, { hint: 'Remove it and build again: deploy uploads only files the build wrote.' });
    const size = info.size;
    const isPage = path.endsWith('.html');
    const { etags, sha256 } = await digestsOf(file, size);
    for (const key of keysOfFile(path, baseUrl.replace(/^\/+/, ''))) {
      objects.push({
        path,
        key,
        file,
        size,
        etags,
        sha256,
        contentType: contentTypeOf(path),
        cacheControl: cacheControlOf(path, baseUrl),
        // A renamed page's old address redirects at either shape ("/old" and "/old/").
        redirect: redirects.get('/' + key) ?? (key.endsWith('/') ? redirects.get('/' + key.slice(0, -1)) : undefined),
        phase: isPage ? 'pages' : LISTINGS.test(posix.basename(path)) ? 'listings' : isContentHashed(path, baseUrl) ? 'assets' : 'files',
      });
    }
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** `_redirects` lines ("/from /to 301") as a map from the decoded old path to the new address. */
export function parseRedirects(text: string): Map<string, string> {
  const redirects = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || (status && !/^30[1278]$/.test(status))) continue;
    try {
      redirects.set(decodeURI(from), to);
    } catch {
      // Not valid percent-encoding: no object has that name.
    }
  }
  return redirects;
}

/** The ETag of a single upload (the MD5) and, past one part, of a multipart upload; and the SHA-256, in the same read. */
async function digestsOf(file: string, size: number): Promise<{ etags: string[]; sha256: string }> {
  const sha256 = createHash('sha256');
  const whole = createHash('md5');
  const partDigests: Buffer[] = [];
  let part = createHash('md5');
  let inPart = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    whole.update(chunk);
    sha256.update(chunk);
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(chunk.length - offset, PART_SIZE - inPart);
      part.update(chunk.subarray(offset, offset + take));
      inPart += take;
      offset += take;
      if (inPart === PART_SIZE) {
        partDigests.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  if (inPart > 0) partDigests.push(part.digest());
  const etags = [`"${whole.digest('hex')}"`];
  if (size > PART_SIZE) etags.push(`"${createHash('md5').update(Buffer.concat(partDigests)).digest('hex')}-${partDigests.length}"`);
  return { etags, sha256: sha256.digest('hex') };
}
