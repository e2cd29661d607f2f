// Rewrites links and images:
// - relative links to .md files become the target page's route (anchors kept); a missing file
//   is reported with file:line (onBrokenMarkdownLinks) and left as written, so the link check
//   fails on it too;
// - other relative links become absolute paths, so they work whatever the page URL looks like;
// - files under content/ (images, downloads) are copied into assets with a content hash;
// - images get width/height (no layout shift) and lazy loading;
// - external links open safely (rel="noopener noreferrer").
// Every internal link is recorded with its position for the checks that run after rendering.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walkElements } from '../walk.ts';
import { toString } from 'hast-util-to-string';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { imageSize } from 'image-size';
import { USER_CONTENT_PREFIX, type DocFileData, type MarkdownSite } from '../context.ts';
import { routeToHref, withBase } from '../../source/routes.ts';

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

export const rehypeLinks: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  const page = file.data as unknown as DocFileData;
  const pageDir = posix.dirname(page.relPath) === '.' ? '' : posix.dirname(page.relPath);
  const pageHref = routeToHref(page.route);

  const record = (node: Element, href: string) => {
    page.markdown.links.push({
      href,
      text: toString(node).trim() || String(node.properties.alt ?? ''),
      line: node.position?.start.line,
      column: node.position?.start.column,
    });
  };

  walkElements<Element>(tree, (node) => {
    const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
    if (!attr) return;
    let value = node.properties[attr];
    if (typeof value !== 'string' || value === '') return;

    if (SCHEME.test(value) || value.startsWith('//')) {
      if (node.tagName === 'a' && /^(https?:)?\/\//i.test(value)) {
        node.properties.rel = ['noopener', 'noreferrer'];
        node.properties.target = '_blank';
      }
      return;
    }
    if (value.startsWith('#')) {
      // "#top" to an element written <a id="top"> in raw HTML, whose id is now "user-content-top".
      const id = safeDecode(value.slice(1));
      if (!page.markdown.anchors.has(id) && page.markdown.anchors.has(USER_CONTENT_PREFIX + id)) {
        node.properties[attr] = value = `#${USER_CONTENT_PREFIX}${value.slice(1)}`;
      }
      const cls = node.properties.className;
      if (!(Array.isArray(cls) && cls.includes('hash-link'))) record(node, pageHref + value);
      return;
    }

    const [pathPart, hash = ''] = splitHash(value);
    const suffix = hash ? `#${hash}` : '';
    let decoded: string;
    try {
      decoded = decodeURI(pathPart);
    } catch {
      decoded = pathPart;
    }

    // Links to markdown files: resolve against the source folder.
    if (/\.mdx?$/.test(decoded)) {
      const target = decoded.startsWith('/')
        ? posix.normalize(decoded.replace(/^\/+/, ''))
        : posix.normalize(posix.join(pageDir, decoded));
      const route = site.routeFor(target);
      if (route) {
        const href = routeToHref(route) + suffix;
        node.properties[attr] = href;
        record(node, href);
      } else {
        const href = posix.normalize(posix.join(posix.dirname(pageHref + 'x'), pathPart)) + suffix;
        node.properties[attr] = href;
        record(node, href);
        const reported = {
          code: 'broken-markdown-link',
          message: `link to "${value}": no such page (content/${target})`,
          position: { file: page.displayPath, line: node.position?.start.line, column: node.position?.start.column },
          hint: 'Link to an existing .md file with a path relative to this file.',
        };
        if (site.onBrokenMarkdownLinks !== 'ignore') {
          site.report({ severity: site.onBrokenMarkdownLinks === 'throw' ? 'error' : 'warning', ...reported });
        }
      }
      return;
    }

    // Files that live beside the markdown (images, downloads) are copied into assets.
    if (!decoded.startsWith('/')) {
      const abs = join(site.contentDir, pageDir, decoded);
      if (site.isFile(abs)) {
        const assetHref = site.addAsset(abs);
        if (assetHref) {
          node.properties[attr] = assetHref + suffix;
          if (node.tagName === 'img') sizeImage(node, abs);
          record(node, assetHref + suffix);
          return;
        }
      }
    }

    // Anything else: make it absolute against the page (browser rules), prefixing the base path.
    let absolute: string;
    if (pathPart === '') absolute = pageHref;
    else if (pathPart.startsWith('/')) absolute = pathPart.startsWith(site.baseUrl) || pathPart + '/' === site.baseUrl ? pathPart : withBase(site.baseUrl, pathPart);
    else absolute = posix.normalize(posix.join(pageHref.endsWith('/') ? pageHref : posix.dirname(pageHref), pathPart));
    const href = absolute + suffix;
    node.properties[attr] = href;
    record(node, href);
    if (node.tagName === 'img') {
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    }
  });
};

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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function splitHash(value: string): [string, string | undefined] {
  const at = value.indexOf('#');
  return at === -1 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}
