// An independent check of a built site, read from its output folder: every internal href and src
// of every page must name a built file, and every #fragment an element id in the page it names.
// It shares nothing with the build's own link check (cli/check/): it reads the HTML as written to
// disk with htmlparser2, resolves each link the way a browser and a static server would, and
// knows only the files that are there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Parser } from 'htmlparser2';

/** The attributes whose value the browser follows or fetches, by element. */
const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  script: ['src'],
  iframe: ['src'],
  audio: ['src'],
  video: ['src', 'poster'],
  source: ['src'],
  track: ['src'],
  embed: ['src'],
};

export interface CrawledPage {
  /** The page's URL path ("/support/guide/"). */
  url: string;
  file: string;
  ids: Set<string>;
  links: string[];
}

export interface Crawl {
  pages: Map<string, CrawledPage>;
  /** "page URL -> href (why)" for every link that does not resolve. */
  dead: string[];
}

/** Reads every .html file under `outDir` and checks every internal link of each. */
export function crawlOutput(outDir: string): Crawl {
  const pages = new Map<string, CrawledPage>();
  for (const file of htmlFiles(outDir)) {
    const url = '/' + file.replace(/(^|\/)index\.html$/, '$1');
    pages.set(url, readPage(url, join(outDir, file)));
  }
  const dead: string[] = [];
  for (const page of pages.values()) {
    for (const href of page.links) {
      const problem = deadLink(href, page, pages, outDir);
      if (problem) dead.push(`${page.url} -> ${href} (${problem})`);
    }
  }
  return { pages, dead: dead.sort() };
}

function htmlFiles(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...htmlFiles(dir, path));
    else if (entry.name.endsWith('.html')) found.push(path);
  }
  return found;
}

function readPage(url: string, file: string): CrawledPage {
  const ids = new Set<string>();
  const links: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (name === 'a' && attributes.name) ids.add(attributes.name);
        for (const attribute of URL_ATTRIBUTES[name] ?? []) {
          const value = attributes[attribute];
          if (value !== undefined) links.push(value);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(readFileSync(file, 'utf8'));
  return { url, file, ids, links };
}

/** Why `href` on `page` does not resolve, or undefined when it does (or leaves the site). */
function deadLink(href: string, page: CrawledPage, pages: Map<string, CrawledPage>, outDir: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')) return undefined; // another site, mailto:, data:
  const url = new URL(href, `http://site.invalid${page.url}`);
  const hash = url.hash ? decodeURIComponent(url.hash.slice(1)) : '';
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return 'not a valid address';
  }
  const target = url.pathname === new URL(`http://site.invalid${page.url}`).pathname ? page : findPage(path, pages);
  if (!target) {
    const onDisk = join(outDir, path);
    return existsSync(onDisk) && statSync(onDisk).isFile() ? (hash ? 'a #fragment into a file that is not a page' : undefined) : 'no such file';
  }
  // "#top" scrolls to the top of any page (HTML's "indicated part of the document").
  if (!hash || hash.toLowerCase() === 'top') return undefined;
  // Ids written in a page's raw HTML carry GitHub's user-content- prefix; the page's script finds them by their plain name.
  if (target.ids.has(hash) || target.ids.has(`user-content-${hash}`)) return undefined;
  return `no id "${hash}" in ${target.url}`;
}

/** The page a static server answers `path` with: the file, its index.html, or its .html. */
export function findPage(path: string, pages: Map<string, CrawledPage>): CrawledPage | undefined {
  const clean = posix.normalize(path);
  return pages.get(clean) ?? pages.get(clean.replace(/\/?$/, '/')) ?? pages.get(`${clean}.html`) ?? pages.get(clean.replace(/index\.html$/, ''));
}
