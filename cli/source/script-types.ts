// Which published files a browser runs script in when it opens them: the file types served as
// documents that may hold <script> (HTML, XHTML, any XML, which may be XHTML or pull in an
// XSLT stylesheet), scripts themselves, and SVG. The type a server sends follows the file
// name (../serve/headers.ts, deploy's Content-Type), so the name decides.
import { posix } from 'node:path';
import mime from 'mime-types';

export type ScriptType = 'svg' | 'document' | 'script';

/** How a browser treats a file of this name: an SVG, a document that can run script, a script, or none of these (undefined). */
export function scriptType(fileName: string): ScriptType | undefined {
  const ext = posix.extname(fileName.toLowerCase());
  if (ext === '') return undefined;
  // Compressed SVG: served as image/svg+xml too, and not sanitized (it would have to be unpacked).
  if (ext === '.svg') return 'svg';
  if (ext === '.svgz') return 'document';
  const type = mime.lookup(ext);
  if (!type) return undefined;
  if (/javascript|ecmascript/.test(type)) return 'script';
  if (/^text\/html$|[/+]xml$|^application\/xhtml|^text\/xsl/.test(type)) return 'document';
  return undefined;
}

/** The file's extension as written in config (".html"), lowercase. */
export function extensionOf(fileName: string): string {
  return posix.extname(fileName.toLowerCase());
}
