// The headers a file of a built site is served with, shared by `helpgen serve` and
// `helpgen deploy`, so a page, a font or a markdown twin is typed and cached the same way
// locally and in object storage.
import { extname, posix } from 'node:path';
import mime from 'mime-types';

/** Content-Type for a file name; text types carry charset=utf-8 (everything helpgen writes is UTF-8). */
export function contentTypeOf(fileName: string): string {
  const ext = extname(fileName).toLowerCase();
  if (ext === '.xml') return 'application/xml; charset=utf-8'; // mime-types leaves XML without a charset
  if (ext === '.ico') return 'image/x-icon'; // what browsers and CDNs expect for favicons
  if (posix.basename(fileName) === '_redirects') return 'text/plain; charset=utf-8';
  return (ext && mime.contentType(ext)) || 'application/octet-stream';
}

/** For files whose name changes with their content: cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For everything else (pages, sitemap, the search entry file, static files): checked on every use. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

// The build names what it puts under assets/ by content: "main.FNG7SPKV.js",
// "styles.b4c02eb87d.css", "pages/fe6d2ac547.json"; fixed names there ("index.json") are not.
const CONTENT_HASHED = /(?:^|\.)[0-9A-Za-z]{8,}\.[0-9A-Za-z]+$/;
// The search index's shards, page files and word dictionary are named by content with shorter
// hashes, which their first term or their block tells apart: "search/terms/lock.x8k2p.json",
// "search/pages/6i5ja0b7.3.json", "search/words/0k3m9q2a.json" (cli/search/shards.ts).
const SEARCH_INDEX_FILE = /^search\/(?:terms|pages|words)\/[^/]+\.json$/;

/** Whether a file (path under the output folder, "/" separators) has a content hash in its name. */
export function isContentHashed(path: string, baseUrl: string): boolean {
  const assets = baseUrl.replace(/^\/+/, '') + 'assets/';
  return path.startsWith(assets) && (CONTENT_HASHED.test(posix.basename(path)) || SEARCH_INDEX_FILE.test(path.slice(assets.length)));
}

export function cacheControlOf(path: string, baseUrl: string): string {
  return isContentHashed(path, baseUrl) ? IMMUTABLE : REVALIDATE;
}
