// What a reader downloads on the first view of a doc page: the HTML, the stylesheets it links,
// the module scripts it loads and everything those import statically (esbuild's shared
// chunks). Chunks loaded with import() (the search modal) are not part of the first view.
// Sizes are raw and gzip (level 6, what web servers use by default).
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeToOutputFile } from '../cli/source/routes.ts';

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  /** Route of the page measured, e.g. /support/a/b. */
  page: string;
  html: Bytes;
  /** The docs sidebar inside that HTML: the top level and the page's own branch (it grows with them only). */
  sidebarHtml: Bytes;
  /** HTML minus the sidebar: this part must not grow with the site. */
  htmlWithoutSidebar: Bytes;
  css: Bytes;
  js: Bytes;
  cssFiles: string[];
  jsFiles: string[];
  /** Referenced but not in the build output (e.g. a third-party widget path). */
  missing: string[];
  /** External scripts that block rendering (no async, defer or type=module). */
  blockingScripts: string[];
  /** Inline executable scripts (the theme script), bytes each. */
  inlineScriptBytes: number[];
}

export const bytesOf = (data: string | Uint8Array): Bytes => ({ raw: Buffer.byteLength(data), gzip: gzipSync(data, { level: 6 }).length });
const add = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });

/** Output file for a URL path in the default layout: /support/a/b → <out>/support/a/b/index.html, /support/a/ → <out>/support/a/index.html. */
export function fileForUrl(outDir: string, urlPath: string): string {
  const decoded = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  if (/\.[a-z0-9]+$/i.test(decoded)) return join(outDir, decoded);
  return join(outDir, routeToOutputFile(decoded));
}

export function measurePageWeight(outDir: string, route: string): PageWeight {
  const html = readFileSync(fileForUrl(outDir, encodeURI(route)), 'utf8');
  const sidebar = /<aside class="doc-sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
  const result: PageWeight = {
    page: route,
    html: bytesOf(html),
    sidebarHtml: bytesOf(sidebar),
    htmlWithoutSidebar: bytesOf(html.replace(sidebar, '')),
    css: { raw: 0, gzip: 0 },
    js: { raw: 0, gzip: 0 },
    cssFiles: [],
    jsFiles: [],
    missing: [],
    blockingScripts: [],
    inlineScriptBytes: [],
  };

  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href || isExternal(href)) continue;
    if (rel === 'stylesheet') addFile(result, outDir, href, 'css');
    else if (rel === 'modulepreload') addJs(result, outDir, href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const tag = `<script${match[1]}>`;
    const src = attr(tag, 'src');
    const type = attr(tag, 'type');
    if (!src) {
      if (!type || type === 'module' || type === 'text/javascript') result.inlineScriptBytes.push(Buffer.byteLength(match[2]!));
      continue;
    }
    if (type !== 'module' && !/\s(async|defer)\b/.test(match[1]!)) result.blockingScripts.push(src);
    if (!isExternal(src)) addJs(result, outDir, src);
  }
  return result;
}

function addFile(result: PageWeight, outDir: string, url: string, kind: 'css' | 'js'): string | undefined {
  const list = kind === 'css' ? result.cssFiles : result.jsFiles;
  if (list.includes(url)) return undefined;
  const file = fileForUrl(outDir, url);
  if (!existsSync(file)) {
    if (!result.missing.includes(url)) result.missing.push(url);
    return undefined;
  }
  const text = readFileSync(file, 'utf8');
  list.push(url);
  result[kind] = add(result[kind], bytesOf(text));
  return text;
}

/** A script and, recursively, the modules it imports statically. */
function addJs(result: PageWeight, outDir: string, url: string): void {
  const text = addFile(result, outDir, url, 'js');
  if (text === undefined) return;
  for (const spec of staticImports(text)) {
    if (isExternal(spec)) continue;
    addJs(result, outDir, spec.startsWith('/') ? spec : posix.normalize(posix.join(posix.dirname(url), spec)));
  }
}

/**
 * Static import specifiers of an ES module: `import x from "…"`, `import "…"`,
 * `export … from "…"`. `import("…")` is lazy and deliberately not matched.
 */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3])?.replace(/&amp;/g, '&') : undefined;
}

function isExternal(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url) || url.startsWith('data:');
}
