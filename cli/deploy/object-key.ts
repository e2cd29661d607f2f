// The object keys a file of the built site is deployed under (and the addresses a browser asks
// for): pages drop ".html" ("support/apps/android.html" → "support/apps/android"), and a
// folder's index.html answers both shapes of its address ("support/apps/android/index.html" →
// "support/apps/android" and "support/apps/android/"). Two files with one key would be one
// object, so the scan and the build refuse outputs that would share one
// (../source/output-claims.ts, ../pipeline/deploy-key-clashes.ts).
import { posix } from 'node:path';

/**
 * The object keys (and addresses) a file of the built site is served under. The folder layout
 * cannot tell a page "/a/b" from a folder's index page "/a/b/", so either address must reach it.
 * `base`: the base URL as a key prefix ("support/"), whose own page has one key.
 */
export function keysOfFile(path: string, base = ''): string[] {
  if (!path.endsWith('.html') || posix.basename(path) === '404.html') return [path];
  if (path === 'index.html') return [path]; // the site root: the CDN's default root object
  if (path.endsWith('/index.html')) {
    const folder = path.slice(0, -'index.html'.length);
    // The home page's address always ends in "/" (the base URL), and a "support" object would
    // sit outside the "support/" prefix deploy lists and prunes: only "support/".
    if (folder === base) return [folder];
    return [folder.slice(0, -1), folder];
  }
  return [path.slice(0, -'.html'.length)];
}
