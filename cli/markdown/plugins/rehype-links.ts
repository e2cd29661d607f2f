// Rewrites links and images (and the other elements raw HTML may hold that load a URL):
// - links to .md files, or to their output names (.html), become the target page's href
//   (query and anchor kept); a .md link to a missing file is reported with file:line
//   (onBrokenMarkdownLinks, a warning by default, as the spec has it) and left pointing where it
//   says; the link check leaves it, so it is reported once, with that severity;
// - other relative links become absolute paths, so they work whatever the page URL looks like;
// - files under content/ (images, downloads) are copied into assets with a content hash, except
//   files that run script when opened (HTML, scripts: ../../source/script-types.ts), refused
//   unless the config lists their type;
// - images get width/height (no layout shift) and lazy loading;
// - external links open safely (rel="noopener noreferrer").
// How an address is read is ./link-targets.ts. Every internal link is recorded with its
// position for the link check that runs after rendering, which takes a page's links from here.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walkElements } from '../walk.ts';
import { toString } from 'hast-util-to-string';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { imageSize } from 'image-size';
import { USER_CONTENT_PREFIX, type DocFileData, type MarkdownSite } from '../context.ts';
import { decodeFragment, isExternalHref, routeToHref } from '../../source/routes.ts';
import { absoluteAddress, resolveLinkTarget, type LinkContext } from '../link-targets.ts';
import { extensionOf, scriptType } from '../../source/script-types.ts';

/** The properties (hast names) that hold an address, by element, among those the sanitizer keeps. */
const URL_PROPERTIES: Record<string, string[]> = {
  a: ['href'],
  img: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
};

export const rehypeLinks: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  const page = file.data as unknown as DocFileData;
  const pageHref = routeToHref(page.route);
  const links: PageLinks = {
    site,
    page,
    pageHref,
    context: {
      baseUrl: site.baseUrl,
      contentDir: site.contentDir,
      pageDir: posix.dirname(page.relPath) === '.' ? '' : posix.dirname(page.relPath),
      pageHref,
      routeFor: (relPath) => site.routeFor(relPath),
      isFile: (abs) => site.isFile(abs),
    },
  };
  walkElements<Element>(tree, (node) => {
    const properties = URL_PROPERTIES[node.tagName];
    if (!properties) return;
    for (const property of properties) {
      const value = node.properties[property];
      if (typeof value === 'string' && value !== '') rewrite(links, node, property, value);
    }
  });
};

/** The page whose links are rewritten, and how its addresses are read. */
interface PageLinks {
  site: MarkdownSite;
  page: DocFileData;
  pageHref: string;
  context: LinkContext;
}

/** Records an internal link, with its position, for the link check that runs after rendering. */
function record(links: PageLinks, node: Element, href: string, missingMarkdown = false): void {
  links.page.markdown.links.push({
    href,
    text: toString(node).trim() || String(node.properties.alt ?? ''),
    line: node.position?.start.line,
    column: node.position?.start.column,
    ...(missingMarkdown && { missingMarkdown }),
  });
}

function rewrite(links: PageLinks, node: Element, property: string, value: string): void {
  if (isExternalHref(value)) {
    openSafely(node, value);
    return;
  }
  if (value.startsWith('#')) {
    rewriteFragment(links, node, property, value);
    return;
  }
  const { site, context } = links;
  const target = resolveLinkTarget(value, context);
  let href: string;
  // One mistake, one diagnostic: a missing .md file is this warning (onBrokenMarkdownLinks), not also a broken link.
  const missingMarkdown = target.kind === 'missing-page';
  switch (target.kind) {
    case 'page':
    case 'path':
      href = target.href;
      break;
    case 'missing-page':
      href = target.href;
      reportMissingMarkdown(links, node, value, target);
      break;
    case 'file': {
      if (refusesScriptFile(links, target.abs, node, value)) {
        // Left as written and not recorded: the error says what to do, and a second one from
        // the link check ("no such file") would only confuse.
        node.properties[property] = absoluteAddress(value, context);
        return;
      }
      const assetHref = site.addAsset(target.abs);
      href = assetHref === undefined ? absoluteAddress(value, context) : assetHref + target.suffix;
      if (assetHref !== undefined && node.tagName === 'img') sizeImage(node, target.abs);
      break;
    }
  }
  node.properties[property] = href;
  record(links, node, href, missingMarkdown);
  if (node.tagName === 'img') {
    node.properties.loading = 'lazy';
    node.properties.decoding = 'async';
  }
}

/** An external link opens in a new tab that cannot reach back to the page. */
function openSafely(node: Element, value: string): void {
  if (node.tagName === 'a' && /^(https?:)?\/\//i.test(value)) {
    node.properties.rel = ['noopener', 'noreferrer'];
    node.properties.target = '_blank';
  }
}

function rewriteFragment(links: PageLinks, node: Element, property: string, value: string): void {
  const { markdown } = links.page;
  // "#top" to an element written <a id="top"> in raw HTML, whose id is now "user-content-top".
  const id = decodeFragment(value.slice(1));
  if (!markdown.anchors.has(id) && markdown.anchors.has(USER_CONTENT_PREFIX + id)) {
    node.properties[property] = value = `#${USER_CONTENT_PREFIX}${value.slice(1)}`;
  }
  const cls = node.properties.className;
  if (!(Array.isArray(cls) && cls.includes('hash-link'))) record(links, node, links.pageHref + value);
}

/** A link to a .md file that is not there (or not in content/), with the severity onBrokenMarkdownLinks asks. */
function reportMissingMarkdown(links: PageLinks, node: Element, value: string, target: { href: string; sourcePath?: string }): void {
  const { site, page } = links;
  if (site.onBrokenMarkdownLinks === 'ignore') return;
  site.report({
    severity: site.onBrokenMarkdownLinks === 'throw' ? 'error' : 'warning',
    code: 'broken-markdown-link',
    message: target.sourcePath === undefined ? `link to "${value}": the file is outside content/, so it is not part of the site` : `link to "${value}": no such page (content/${target.sourcePath})`,
    position: { file: page.displayPath, line: node.position?.start.line, column: node.position?.start.column },
    ...(target.sourcePath !== undefined && { missingTarget: target.href.replace(/[?#].*$/, '') }),
    hint: target.sourcePath === undefined
      ? "Link to the file's address on the web (its page in the repository) instead, or move it into content/."
      : 'Link to an existing .md file with a path relative to this file.',
  });
}

/**
 * A file a browser runs script in when it opens it (an HTML page, a script) would run that
 * script on the help site's address, so a page may link to one only when the config lists its
 * type (scriptFiles.fromContent). Reports the link and returns true when it is refused.
 */
function refusesScriptFile(links: PageLinks, abs: string, node: Element, value: string): boolean {
  const { site, page } = links;
  const type = scriptType(abs);
  if (type === undefined || type === 'svg' || site.scriptAttachments.includes(extensionOf(abs))) return false;
  const what = type === 'script' ? 'a script' : 'a document that can run script';
  site.report({
    severity: 'error',
    code: 'script-attachment',
    message: `link to "${value}": the file is ${what} (${extensionOf(abs)}), which would run on the help site's address when opened, so it is not published`,
    position: { file: page.displayPath, line: node.position?.start.line, column: node.position?.start.column },
    hint: `Link to a copy hosted elsewhere, publish it as a file that cannot run script (a PDF, an image, a .txt or .zip), or, if everyone who writes in content/ is trusted, add "${extensionOf(abs)}" to scriptFiles.fromContent in the config.`,
  });
  return true;
}

function sizeImage(node: Element, abs: string): void {
  node.properties.loading = 'lazy';
  node.properties.decoding = 'async';
  try {
    const size = imageSize(readFileSync(abs));
    if (size.width && size.height && node.properties.width === undefined) {
      node.properties.width = size.width;
      node.properties.height = size.height;
    }
  } catch {
    // Not an image image-size understands (e.g. a PDF linked with ![]()); leave it unsized.
  }
}
