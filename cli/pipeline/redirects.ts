// Redirects for renamed pages: `redirects` in help.config.ts and `redirect_from` in a page's
// front matter. Each old address gets a small static page that works on any host (a script
// that keeps the #hash, a meta refresh without JavaScript, and a canonical link for search
// engines); `_redirects` lists them all for hosts that read one (Netlify, Cloudflare Pages),
// and `helpgen deploy` sets them as x-amz-website-redirect-location on S3.
import { posix } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic, SourcePosition } from '../diagnostics/errors.ts';
import type { SourceDoc } from '../source/scan.ts';
import { hrefToRoute, pageFilesOf, routeKey, routeToHref, routeToOutputFile, withBase } from '../source/routes.ts';
import type { OutputFile } from '../output/output.ts';
import { hiddenPart, outputPathProblem } from '../output/output-path.ts';
import { hasControlCharacter } from '../control-characters.ts';

export interface Redirect {
  /** The old route (decoded, like every route). */
  from: string;
  /** The new address: a page's href, with its #hash if one was given. */
  to: string;
  /** Title of the page it leads to. */
  title: string;
  /** Where the redirect was declared. */
  declared: SourcePosition;
}

interface Page {
  route: string;
  href: string;
  title: string;
}

/**
 * Every redirect of the site, checked: an old address must be a path under the base URL that
 * no page uses, and a new one must be a page. Problems are reported (as errors) and the
 * redirect is left out.
 */
export function collectRedirects(config: ResolvedConfig, docs: SourceDoc[], pages: Page[], files: Set<string>, report: (d: Diagnostic) => void): Redirect[] {
  const pageByKey = new Map(pages.map((page) => [routeKey(page.route), page]));
  const requested: { from: string; written: string; to: string; declared: SourcePosition; field: string }[] = [];
  config.redirects.forEach((entry, i) => {
    const froms = typeof entry.from === 'string' ? [entry.from] : entry.from;
    froms.forEach((from, j) => {
      requested.push({ from, written: from, to: entry.to, declared: { file: 'help.config.ts' }, field: `redirects[${i}].from${typeof entry.from === 'string' ? '' : `[${j}]`}` });
    });
  });
  for (const doc of docs) {
    const froms = doc.frontMatter.redirect_from ?? [];
    // Most pages have none: finding the key's line in every page's text cost a dev rebuild ~30 ms at 1,700 pages.
    if (!froms.length) continue;
    const declared = keyPosition(doc, 'redirect_from');
    const dir = posix.dirname(doc.id);
    for (const from of froms) {
      // Relative paths are read from the page's folder, as a relative slug is.
      const path = from.startsWith('/') ? from : '/' + posix.join(dir === '.' ? '' : dir, from);
      requested.push({ from: path, written: from, to: doc.route, declared, field: 'redirect_from' });
    }
  }

  const byFrom = new Map<string, Redirect>();
  for (const { from, written, to, declared, field } of requested) {
    const problem = (message: string, hint: string, key = field) => report({ severity: 'error', code: 'bad-redirect', message: `${key}: ${message}`, position: declared, hint });
    const fromRoute = oldRoute(config.baseUrl, from);
    if (typeof fromRoute !== 'string') {
      problem(`"${written}" ${fromRoute.problem}`, 'Give the old address as a path under the site, such as "/records/lock" or "/support/records/lock" (in front matter also relative to the page\'s folder, such as "lock").');
      continue;
    }
    if (files.has(fromRoute) || files.has(fromRoute + '.html') || files.has(fromRoute.replace(/\/+$/, '') + '/index.html')) {
      problem(`"${written}" is the address of a file of the site, so it cannot redirect`, 'Remove the redirect, or the file from static/.');
      continue;
    }
    const clash = pageByKey.get(routeKey(fromRoute));
    if (clash) {
      problem(`"${written}" is the address of the page "${clash.title}", so it cannot redirect`, 'Remove the redirect, or move that page first.');
      continue;
    }
    const target = newAddress(config.baseUrl, to, pageByKey);
    if (typeof target === 'string') {
      problem(`the new address "${to}" ${target}`, 'Point the redirect at a page of the site, such as "/records/locking" (a "#section" may follow).', field.replace(/\.from(\[\d+\])?$/, '.to'));
      continue;
    }
    const redirect: Redirect = { from: fromRoute, to: target.href, title: target.title, declared };
    const earlier = byFrom.get(routeKey(fromRoute));
    if (earlier && earlier.to !== redirect.to) {
      problem(`"${written}" already redirects to ${earlier.to}`, `An old address can lead to one page only; the other redirect is in ${earlier.declared.file}.`);
      continue;
    }
    byFrom.set(routeKey(fromRoute), redirect);
  }
  return [...byFrom.values()].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** The old address as a route under the base URL, or why it cannot be one. */
function oldRoute(baseUrl: string, path: string): string | { problem: string } {
  if (!path.startsWith('/') || path.startsWith('//') || /[?#\\]/.test(path) || hasControlCharacter(path)) return { problem: 'is not a path (it must start with "/" and have no ?query or #hash)' };
  const route = hrefToRoute(path);
  if (route === undefined) return { problem: 'has invalid percent-encoding' };
  const inSite = (route + '/').startsWith(baseUrl) ? route : withBase(baseUrl, route);
  if (inSite.split('/').some((segment) => segment === '..' || segment === '.')) return { problem: 'has a "." or ".." segment' };
  // The spec reads "/a.html" and "/a/index.html" as "/a", so that is the address to redirect.
  const clean = inSite.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (routeKey(clean) === routeKey(baseUrl)) return { problem: 'is the home page of the site' };
  if ((clean + '/').startsWith(baseUrl + 'assets/')) return { problem: 'is inside assets/, which holds the built site\'s own files' };
  const unsafe = outputPathProblem(routeToOutputFile(clean));
  if (unsafe) return { problem: `cannot be written as a file: ${unsafe}` };
  const hidden = hiddenPart(clean.slice(baseUrl.length));
  if (hidden) return { problem: `has a part starting with a dot ("${hidden}"): hosts and upload tools skip such hidden names, so the redirect would be missing from the live site` };
  return clean;
}

/** The page a redirect leads to (its href with the #hash kept), or why it is not a page. */
function newAddress(baseUrl: string, to: string, pageByKey: Map<string, Page>): { href: string; title: string } | string {
  if (!to.startsWith('/')) return 'is not a path of this site (it must start with "/")';
  const hashAt = to.indexOf('#');
  const path = hashAt === -1 ? to : to.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : to.slice(hashAt);
  const route = hrefToRoute(path);
  if (route === undefined) return 'has invalid percent-encoding';
  const inSite = (route + '/').startsWith(baseUrl) ? route : withBase(baseUrl, route);
  const page = pageByKey.get(routeKey(inSite));
  if (!page) return 'is not a page of the site';
  return { href: page.href + hash, title: page.title };
}

/**
 * Where a top-level front matter key of a page is, for messages. Its line is looked up only when
 * a message asks: the page's text is read from its file then, when the scan took the page from
 * the build cache (../source/source-text.ts).
 */
function keyPosition(doc: SourceDoc, key: string): SourcePosition {
  let found: { line?: number; column?: number } | undefined;
  const at = () => (found ??= keyLine(doc.source, key));
  return {
    file: doc.displayPath,
    get line() {
      return at().line;
    },
    get column() {
      return at().column;
    },
  };
}

/** The line of a top-level front matter key, for messages. */
function keyLine(source: string, key: string): { line?: number; column?: number } {
  const lines = source.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? {} : { line: index + 1, column: 1 };
}

/** The redirect pages and `_redirects`, for the build's output. */
export function redirectFiles(redirects: Redirect[], config: ResolvedConfig): OutputFile[] {
  if (!redirects.length) return [];
  const lines = redirects.map((r) => `${routeToHref(r.from)} ${r.to} 301`);
  return [
    ...redirects.map((r) => ({ path: routeToOutputFile(r.from, pageFilesOf(config)), contents: redirectPage(r, config) })),
    { path: '_redirects', contents: `# Old addresses of renamed pages (written by helpgen build).\n${lines.join('\n')}\n` },
  ];
}

/** A page that sends the reader on at once: by script (keeping a #hash), else by meta refresh. */
export function redirectPage(redirect: Redirect, config: ResolvedConfig): string {
  const origin = config.url?.replace(/\/+$/, '') ?? '';
  const to = escapeHtml(redirect.to);
  const title = escapeHtml(redirect.title);
  const hashAt = redirect.to.indexOf('#');
  const path = hashAt === -1 ? redirect.to : redirect.to.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : redirect.to.slice(hashAt);
  // The reader's own #hash wins over the redirect's: a link to /old#section keeps its section.
  const script = `location.replace(${json(path)}+location.search+(location.hash||${json(hash)}))`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(config.i18n.defaultLocale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${title} | ${escapeHtml(config.title)}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(origin)}${to}">`,
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    `<script>${script}</script>`,
    '</head>',
    `<body><p>This page has moved to <a href="${to}">${title}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}

function json(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
