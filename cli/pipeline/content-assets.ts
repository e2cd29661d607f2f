// Files that pages link to or embed (images, downloads) are published under assets/files/
// with a content hash in their name, so they can be cached forever and never collide.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { createHash } from 'node:crypto';
import { routeToHref } from '../source/routes.ts';
import { isInsideOrSame } from '../output/output-folder.ts';

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

/**
 * Whether a file a page links to may be published: an existing regular file whose real path
 * (symbolic links followed) lies inside the site's content/ or static/ folder. Anything else,
 * `../../../../etc/passwd` or a link in content/ to a file elsewhere, stays unpublished, and
 * the page's link to it is reported as broken.
 */
export function isPublishableFile(abs: string, contentDir: string): boolean {
  try {
    if (!statSync(abs).isFile()) return false;
    const real = realpathSync(abs);
    return publishableRoots(contentDir).some((root) => isInsideOrSame(real, root));
  } catch {
    return false;
  }
}

const roots = new Map<string, string[]>();

function publishableRoots(contentDir: string): string[] {
  let found = roots.get(contentDir);
  if (!found) {
    found = [contentDir, join(dirname(contentDir), 'static')].filter((dir) => existsSync(dir)).map((dir) => realpathSync(dir));
    roots.set(contentDir, found);
  }
  return found;
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
