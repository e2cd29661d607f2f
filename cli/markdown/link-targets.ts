// What a link or image address written in a page's markdown points to, read the way the
// generators that wrote such pages read it:
// - `other.md`, `../a/b.md#part`, `/guide/x.md?inline`: a markdown file, relative to this file's
//   folder (or to content/ with a leading slash); it becomes that page's address;
// - `ch04-01-what-is-ownership.html#the-stack` (mdBook) or `/guide/lifecycle.html` (VitePress):
//   the output name of a markdown file, which is that page too;
// - a relative path to a file beside the markdown (an image, a download): that file; a path
//   from the root to a file in content/ or content/public/ (VitePress) too;
// - anything else: a path in the site, made absolute as a browser on the page would read it.
// Addresses become hrefs through the URL model (../source/routes.ts), so a page named
// `C++ libs.md` is linked as `C%2B%2B%20libs` however the writer spelled it.
import { join, posix } from 'node:path';
import { hrefToRoute, routeToHref, withBase } from '../source/routes.ts';

export type LinkTarget =
  /** A page made from a markdown file. */
  | { kind: 'page'; href: string }
  /** A .md link to a file that is not there (href: where it would be, for the link check); sourcePath undefined when it is outside content/. */
  | { kind: 'missing-page'; href: string; sourcePath?: string }
  /** A file beside the markdown, to publish; `suffix` is the query and fragment as written. */
  | { kind: 'file'; abs: string; suffix: string }
  /** Any other address in the site, absolute. */
  | { kind: 'path'; href: string };

export interface LinkContext {
  baseUrl: string;
  contentDir: string;
  /** Folder of the page under content/ ("" at the top). */
  pageDir: string;
  pageHref: string;
  routeFor(relPath: string): string | undefined;
  isFile(abs: string): boolean;
}

const MARKDOWN = /\.mdx?$/i;
const HTML = /\.html?$/i;

/** Resolves an address that is neither external nor a bare #fragment. */
export function resolveLinkTarget(value: string, context: LinkContext): LinkTarget {
  const { path, suffix } = splitAddress(value);
  if (path === '') return { kind: 'path', href: context.pageHref + suffix };
  const decoded = hrefToRoute(path) ?? path;

  if (MARKDOWN.test(decoded)) {
    const sourcePath = sourcePathOf(decoded, context);
    const route = sourcePath === undefined ? undefined : context.routeFor(sourcePath);
    if (route !== undefined) return { kind: 'page', href: routeToHref(route) + suffix };
    return { kind: 'missing-page', href: absolutePath(path, context) + suffix, sourcePath };
  }
  if (HTML.test(decoded)) {
    const route = outputNameRoute(decoded, context);
    if (route !== undefined) return { kind: 'page', href: routeToHref(route) + suffix };
  }
  for (const abs of fileCandidates(decoded, context)) if (context.isFile(abs)) return { kind: 'file', abs, suffix };
  return { kind: 'path', href: absolutePath(path, context) + suffix };
}

/** "a/b.md?x=1#y" → path "a/b.md", suffix "?x=1#y" (the query and fragment kept as written). */
function splitAddress(value: string): { path: string; suffix: string } {
  const hashAt = value.indexOf('#');
  const beforeHash = hashAt === -1 ? value : value.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const end = queryAt === -1 ? beforeHash.length : queryAt;
  return { path: value.slice(0, end), suffix: value.slice(end) };
}

/** The file under content/ a decoded path names, or undefined when it would be outside content/. */
function sourcePathOf(decoded: string, context: LinkContext): string | undefined {
  let path: string;
  if (decoded.startsWith('/')) {
    const inSite = decoded.startsWith(context.baseUrl) ? decoded.slice(context.baseUrl.length) : decoded;
    path = posix.normalize(inSite.replace(/^\/+/, ''));
  } else {
    path = posix.normalize(posix.join(context.pageDir, decoded));
  }
  return path.startsWith('../') || path === '..' ? undefined : path;
}

/**
 * Where a linked file may be: beside the page for a relative path; for a path from the root
 * ("/images/logo.svg"), under content/ (as GitHub reads a link from the top of the docs) or in
 * content/public/ (VitePress serves that folder at the site's root). Files in the site's
 * static/ folder need none of this: they are published at the address the link names.
 */
function fileCandidates(decoded: string, context: LinkContext): string[] {
  if (!decoded.startsWith('/')) return [join(context.contentDir, context.pageDir, decoded)];
  const inContent = sourcePathOf(decoded, context);
  return inContent === undefined ? [] : [join(context.contentDir, inContent), join(context.contentDir, 'public', inContent)];
}

/** The page whose output file an .html link names ("x.html" → x.md, "dir/index.html" → dir/index.md or dir/README.md). */
function outputNameRoute(decoded: string, context: LinkContext): string | undefined {
  const sourcePath = sourcePathOf(decoded.replace(HTML, ''), context);
  if (sourcePath === undefined) return undefined;
  const candidates = posix.basename(sourcePath) === 'index'
    ? [`${sourcePath}.md`, `${posix.dirname(sourcePath)}/README.md`.replace(/^\.\//, '')]
    : [`${sourcePath}.md`];
  for (const candidate of candidates) {
    const route = context.routeFor(candidate);
    if (route !== undefined) return route;
  }
  return undefined;
}

/** An address made absolute as a browser on the page reads it (query and fragment kept). */
export function absoluteAddress(value: string, context: LinkContext): string {
  const { path, suffix } = splitAddress(value);
  return (path === '' ? context.pageHref : absolutePath(path, context)) + suffix;
}

/** A path made absolute as a browser on the page reads it, under the base path, in the URL model's encoding. */
function absolutePath(path: string, { baseUrl, pageHref }: LinkContext): string {
  let absolute: string;
  if (path.startsWith('/')) absolute = path.startsWith(baseUrl) || path + '/' === baseUrl ? path : withBase(baseUrl, path);
  else absolute = posix.normalize(posix.join(pageHref.endsWith('/') ? pageHref : posix.dirname(pageHref), path));
  const route = hrefToRoute(absolute);
  return route === undefined ? absolute : routeToHref(route);
}
