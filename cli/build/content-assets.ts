// Files that pages link to or embed (images, downloads) are published under assets/files/
// with a content hash in their name, so they can be cached forever and never collide.
import { readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { createHash } from 'node:crypto';
import { routeToHref } from '../source/routes.ts';

export interface ContentAsset {
  /** Source file. */
  abs: string;
  /** Output path under the out dir. */
  path: string;
  /** Public href. */
  href: string;
}

/** Content hashes by file, kept while its size and mtime stay the same (dev rebuilds re-check every page's files). */
const digests = new Map<string, { size: number; mtimeMs: number; digest: string }>();

/** Whether a path is an existing regular file. */
export function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

export function contentAsset(abs: string, baseUrl: string): ContentAsset {
  const { size, mtimeMs } = statSync(abs);
  let known = digests.get(abs);
  if (known?.size !== size || known.mtimeMs !== mtimeMs) {
    known = { size, mtimeMs, digest: createHash('sha1').update(readFileSync(abs)).digest('hex').slice(0, 10) };
    digests.set(abs, known);
  }
  const digest = known.digest;
  const name = posix.basename(abs.split('\\').join('/'));
  const dot = name.lastIndexOf('.');
  const hashed = dot > 0 ? `${name.slice(0, dot)}.${digest}${name.slice(dot)}` : `${name}.${digest}`;
  return {
    abs,
    path: posix.join(baseUrl.replace(/^\/+/, ''), 'assets/files', hashed),
    href: routeToHref(baseUrl + 'assets/files/' + hashed),
  };
}
