// The object key a file of the built site is deployed under (and the address a browser asks
// for): pages drop ".html" ("support/apps/android.html" → "support/apps/android",
// "support/apps/index.html" → "support/apps/"). Two files with one key would be one object, so
// the scan refuses pages that would share one (../source/output-claims.ts).
import { posix } from 'node:path';

/** The object key (and address) a file of the built site is served under. */
export function keyOfFile(path: string): string {
  if (!path.endsWith('.html') || posix.basename(path) === '404.html') return path;
  if (path === 'index.html') return path; // the site root: the CDN's default root object
  if (path.endsWith('/index.html')) return path.slice(0, -'index.html'.length);
  return path.slice(0, -'.html'.length);
}
