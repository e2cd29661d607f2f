// Markdown for AI assistants and the people who paste pages into them (llmstxt.org):
// - a markdown twin of every doc and category page at its address + ".md" (templates/twin.ts),
//   written from the writer's own markdown: front matter replaced by the title and description,
//   {{variables}} already filled in, relative links and images made absolute;
// - llms.txt: the site map in the llmstxt.org format (H1 title, > summary, an H2 per top-level
//   sidebar category listing its pages' twins with their descriptions);
// - llms-full.txt: every doc page's twin, in sidebar order, in one file.
import { join, posix } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import type { SourceDoc } from '../source/scan.ts';
import type { CategoryPageData, DocPageData, PageData, SidebarItem } from '../../shared/types.ts';
import { contentAsset, isPublishableFile } from './content-assets.ts';
import type { ScannedSite } from './stages/scan.ts';
import { MadeOnce } from './made-once.ts';
import { markdownTwinHref } from '../../templates/twin.ts';
import type { OutputFile } from '../output/output.ts';
import { fenceAfter } from '../markdown/preprocess.ts';

/** What separates two pages' twins in llms-full.txt. */
export const LLMS_FULL_SEPARATOR = '\n\n---\n\n';

export interface TwinInput {
  config: ResolvedConfig;
  docs: { source: SourceDoc; page: DocPageData }[];
  categories: CategoryPageData[];
  sidebar: SidebarItem[];
  /** Route of a markdown file by its path under content/. */
  routeByRelPath: Map<string, string>;
  /** The public address of a file under content/ ("guides/shot.png"), if there is such a file. */
  assetHref: (relPath: string) => string | undefined;
}

/**
 * The doc twins of the last build, for the dev server's rebuilds: a twin is made again only when
 * its page or the site's addresses changed. Making all of them again on every save was most of a
 * rebuild's work at 1,700 pages (profiled: ~440 ms of ~680, each link of every page resolved
 * again, with a file-system check per relative link).
 */
export class TwinCache {
  private siteKey = '';
  private readonly twins = new Map<string, { key: readonly string[]; twin: string }>();

  /** Forgets every twin: a file a relative link may point at appeared or went. */
  clear(): void {
    this.twins.clear();
  }

  /** Starts a build: twins made for other addresses (pages added, moved or removed) are dropped. */
  startBuild(siteKey: string): void {
    if (siteKey !== this.siteKey) this.clear();
    this.siteKey = siteKey;
  }

  /** The twin at `href`, made again only when a part of `key` (what it is made from) changed. */
  twin(href: string, key: readonly string[], make: () => string): string {
    const cached = this.twins.get(href);
    // Unchanged pages bring the very same strings from the scan cache: comparing is cheap.
    if (cached && cached.key.length === key.length && cached.key.every((part, i) => part === key[i])) return cached.twin;
    const twin = make();
    this.twins.set(href, { key, twin });
    return twin;
  }
}

/** What the twins of a build are made from: its config, scanned content and pages. */
export function twinInput(config: ResolvedConfig, scanned: ScannedSite, pages: PageData[], contentDir: string): TwinInput {
  const pageByRoute = new Map(pages.map((page) => [page.route, page]));
  return {
    config,
    docs: scanned.source.docs.flatMap((doc) => {
      const page = pageByRoute.get(doc.route);
      return page?.kind === 'doc' ? [{ source: doc, page }] : [];
    }),
    categories: pages.filter((page): page is CategoryPageData => page.kind === 'category'),
    sidebar: scanned.sidebar.items,
    routeByRelPath: new Map(scanned.source.docs.map((doc) => [doc.relPath, doc.route])),
    assetHref: (relPath) => {
      const abs = join(contentDir, relPath);
      return isPublishableFile(abs, contentDir) ? contentAsset(abs, config.baseUrl).href : undefined;
    },
  };
}

/**
 * `whileWritten`, for a build that writes its output without the build cache (it counts the twins
 * made, for HELPGEN_TIMINGS): the twins are made as the output writes them, so the pages' sources
 * must stay readable until the output is done. Made up front, every twin and llms-full.txt were in
 * memory at once until the output had written them: ~100 MB at 8,500 pages and ~550 MB at 50,000
 * (heap snapshot, and the process's memory sampled each second: the 50,000-page build's highest
 * point). A doc's twin is written
 * twice, as its own file (`make`) and in llms-full.txt (`chunks`); both go in reading order, and
 * whichever comes first keeps the twin for the other (./made-once.ts).
 */
export function markdownTwinFiles(input: TwinInput, cache?: TwinCache, whileWritten?: { made: number }): OutputFile[] {
  const { makers, absolute } = twinMakers(input, cache);
  const base = input.config.baseUrl.replace(/^\/+/, '');
  const inOrder = readingOrder(input);
  const llmsPath = posix.join(base, 'llms-full.txt');
  const llms: OutputFile = { path: posix.join(base, 'llms.txt'), contents: llmsTxt(input, absolute) };
  if (whileWritten) {
    const bytesOf = (href: string) => {
      whileWritten.made++;
      return Buffer.from(makers.get(href)!());
    };
    // A doc's twin is written twice, so it is made once (./made-once.ts); a category's only here.
    const once = new MadeOnce(bytesOf, TWINS_KEPT_BYTES);
    const inLlmsFull = new Set(inOrder);
    const hrefs = [...inOrder, ...[...makers.keys()].filter((href) => !inLlmsFull.has(href))];
    const twins: OutputFile[] = hrefs.map((href) => ({ path: outputPath(markdownTwinHref(href)), make: () => (inLlmsFull.has(href) ? once.take(href) : bytesOf(href)) }));
    // llms-full.txt first: the longest write starts while the output has the most free writes.
    return [llms, { path: llmsPath, chunks: () => llmsFullChunks(inOrder, once) }, ...twins];
  }
  const twins = new Map([...makers].map(([href, make]) => [href, make()]));
  const files: OutputFile[] = [...twins].map(([href, contents]) => ({ path: outputPath(markdownTwinHref(href)), contents }));
  files.push(llms, { path: llmsPath, contents: inOrder.map((href) => twins.get(href)!).join(LLMS_FULL_SEPARATOR) });
  return files;
}

/**
 * The twins made for one of their two writes and not yet taken by the other, at most, in bytes
 * (./made-once.ts): ~3,000 twins of the generated 50,000-page site.
 */
const TWINS_KEPT_BYTES = 16 << 20;

/** How to make each page's twin, by its address (with `cache`, a doc's twin is made again only when it changed). */
function twinMakers(input: TwinInput, cache?: TwinCache): { makers: Map<string, () => string>; absolute: Absolute } {
  const { config } = input;
  // Without url (a site not ready to publish, which the build warns about) links stay site paths.
  const absolute = absoluteAddresses(config.url);
  const relative = relativeTargets(input, absolute);
  // A twin depends on its page and on where every page is (its links are resolved to them).
  cache?.startBuild(JSON.stringify([config.url, config.baseUrl, [...input.routeByRelPath]]));
  const makers = new Map<string, () => string>();
  for (const { source, page } of input.docs) {
    const make = () => docTwin(source, page, input, absolute, relative);
    makers.set(page.href, cache ? () => cache.twin(page.href, [source.source, source.route, source.dir, page.title, page.description], make) : make);
  }
  for (const page of input.categories) makers.set(page.href, () => categoryTwin(page, absolute));
  return { makers, absolute };
}

/** The twins at `hrefs` joined as llms-full.txt, a megabyte at a time: a write per twin would be ~100,000 writes at 50,000 pages. */
async function* llmsFullChunks(hrefs: string[], twins: MadeOnce): AsyncGenerator<Uint8Array> {
  const separator = Buffer.from(LLMS_FULL_SEPARATOR);
  let batch: Buffer[] = [];
  let size = 0;
  const add = (part: Buffer) => {
    batch.push(part);
    size += part.byteLength;
  };
  for (const [i, href] of hrefs.entries()) {
    if (i > 0) add(separator);
    // It leads the twins' own files: it waits for them to take the twins it made (./made-once.ts).
    add(await twins.lead(href));
    if (size < LLMS_FULL_BATCH) continue;
    yield Buffer.concat(batch, size);
    [batch, size] = [[], 0];
  }
  if (size > 0) yield Buffer.concat(batch, size);
}

const LLMS_FULL_BATCH = 1 << 20;

/** An address made absolute against the site's url (unchanged without one); `route` encodes a page's route first. */
export interface Absolute {
  (href: string): string;
  route(route: string): string;
}

/**
 * Each address is worked out once per build: the links of a site point at far fewer addresses
 * than it has links, and parsing a URL and encoding a route for every link took a third of the
 * twins' time (8,500 pages, measured in one process: ~1.1 s for the twins, ~0.75 s without).
 */
export function absoluteAddresses(url: string | undefined): Absolute {
  const hrefs = new Map<string, string>();
  const routes = new Map<string, string>();
  const absolute = (href: string) => {
    if (!url) return href;
    let made = hrefs.get(href);
    if (made === undefined) hrefs.set(href, (made = new URL(href, url).href));
    return made;
  };
  absolute.route = (route: string) => {
    let made = routes.get(route);
    if (made === undefined) routes.set(route, (made = absolute(route === '/' ? '/' : encodeURI(route))));
    return made;
  };
  return absolute;
}

/** What a relative link leads to: a page (by its route), a published file (by its address), or neither. */
export type LinkedFile = { route: string; asset?: undefined } | { route?: undefined; asset: string } | undefined;

/** What a relative link to a path under content/ leads to, worked out once per path in a build. */
export function linkedFiles(input: TwinInput): (relPath: string) => LinkedFile {
  const known = new Map<string, LinkedFile>();
  return (relPath) => {
    if (known.has(relPath)) return known.get(relPath);
    const route = input.routeByRelPath.get(relPath) ?? input.routeByRelPath.get(relPath.replace(/\/$/, '') + '/index.md');
    const asset = route ? undefined : input.assetHref(relPath);
    const linked = route ? { route } : asset ? { asset } : undefined;
    known.set(relPath, linked);
    return linked;
  };
}

/**
 * The absolute address of what a relative link from a folder points at (a page, or a published
 * file), without its hash; undefined when it points at neither. Worked out once per folder and
 * path in a build: a site's pages share link targets (8,500 pages: 71,000 relative links to
 * 41,000 folder and path pairs), and each costs a path join, and a file-system check when it
 * is not a page.
 */
export type RelativeTargets = (dir: string, decoded: string) => string | undefined;

export function relativeTargets(input: TwinInput, absolute: Absolute, linked = linkedFiles(input)): RelativeTargets {
  const byDir = new Map<string, Map<string, string | undefined>>();
  return (dir, decoded) => {
    let known = byDir.get(dir);
    if (!known) byDir.set(dir, (known = new Map()));
    if (known.has(decoded)) return known.get(decoded);
    const to = linked(posix.join(dir, decoded)); // join normalizes
    const made = to?.route ? absolute.route(to.route) : to?.asset ? absolute(to.asset) : undefined;
    known.set(decoded, made);
    return made;
  };
}

export function docTwin(source: SourceDoc, page: DocPageData, input: TwinInput, absolute: Absolute, relative: RelativeTargets): string {
  const body = rewriteLinks(stripFrontMatter(source.source), source, input, absolute, relative).trim();
  const lines = [`# ${page.title}`, '', ...(page.description ? [`> ${page.description}`, ''] : []), `Source: ${absolute(page.href)}`, '', body];
  return lines.join('\n') + '\n';
}

export function categoryTwin(page: CategoryPageData, absolute: (href: string) => string): string {
  const cards = page.cards.map((card) => `- [${card.title}](${absolute(markdownTwinHref(card.href))})${card.description ? `: ${card.description}` : ''}`);
  return [`# ${page.title}`, '', ...(page.description ? [`> ${page.description}`, ''] : []), `Source: ${absolute(page.href)}`, '', ...cards].join('\n') + '\n';
}

export function llmsTxt(input: TwinInput, absolute: (href: string) => string): string {
  const { config } = input;
  const described = new Map(input.docs.map(({ page }) => [page.href, page.description]));
  const entry = (label: string, href: string) => {
    const description = described.get(href);
    return `- [${label}](${absolute(markdownTwinHref(href))})${description ? `: ${description}` : ''}`;
  };
  const lines = [`# ${config.title}`, ''];
  if (config.tagline) lines.push(`> ${config.tagline}`, '');
  lines.push(
    `Help pages for ${config.product.name}. Every page is also available as markdown at its address with ".md" added; ${absolute(config.baseUrl + 'llms-full.txt')} has all of them in one file.`,
    '',
  );
  // Pages outside any category (the home page, pages left out of the sidebar) come first.
  const inCategories = new Set(input.sidebar.flatMap((item) => (item.type === 'category' ? flatten(item.items).map((doc) => doc.href) : [])));
  const loose = input.docs.filter(({ page }) => !inCategories.has(page.href));
  // Lines are added one by one: a category of a very large site has more pages than a call can take arguments.
  const section = (heading: string, entries: string[]) => {
    lines.push(heading, '');
    for (const line of entries) lines.push(line);
    lines.push('');
  };
  if (loose.length) section('## Start here', loose.map(({ page }) => entry(page.title, page.href)));
  for (const item of input.sidebar) {
    if (item.type !== 'category') continue;
    section(`## ${item.label}`, flatten(item.items).map((doc) => entry(doc.label, doc.href)));
  }
  return lines.join('\n');
}

function flatten(items: SidebarItem[]): { label: string; href: string }[] {
  return items.flatMap((item) => (item.type === 'doc' ? [{ label: item.label, href: item.href }] : flatten(item.items)));
}

/** Every doc page once: those outside the sidebar first (the home page), then in sidebar order. */
export function readingOrder(input: TwinInput): string[] {
  const sidebar = flatten(input.sidebar).map((item) => item.href);
  const listed = new Set(sidebar);
  const docs = input.docs.map(({ page }) => page.href);
  const isDoc = new Set(docs);
  return [...docs.filter((href) => !listed.has(href)), ...sidebar.filter((href) => isDoc.has(href))];
}

function stripFrontMatter(text: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

/** "support/guides/start.md" from "/support/guides/start.md" (decoded: a folder may have a space). */
export function outputPath(href: string): string {
  return decodeURIComponent(href.replace(/^\/+/, ''));
}

// [text](target "title") and ![alt](target), and reference definitions "[id]: target".
const INLINE = /(!?\[(?:[^\]\\]|\\.)*\]\()(<[^>]*>|[^)\s]+)((?:\s+"[^"]*")?\))/g;
const DEFINITION = /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)/;

/**
 * Makes relative link and image targets absolute, outside code; everything else stays as written.
 * Only lines that can matter are looked at: a line with a "[" (every link and definition this
 * rewrites has one) or a fence mark. Splitting every page into lines and testing each line was
 * most of the twins' time on every build (8,500 pages, 741,000 lines, 121,000 with a "[").
 */
function rewriteLinks(markdown: string, source: SourceDoc, input: TwinInput, absolute: Absolute, relative: RelativeTargets): string {
  const resolve = (target: string) => resolveTarget(target, source, input, absolute, relative);
  let fence: string | undefined;
  let rewritten = '';
  let copiedTo = 0;
  for (let start = 0; start < markdown.length; ) {
    const at = nextLineThatMatters(markdown, start, fence !== undefined);
    if (at === -1) break;
    const lineStart = markdown.lastIndexOf('\n', at - 1) + 1;
    const newline = markdown.indexOf('\n', at);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const line = markdown.slice(lineStart, lineEnd);
    start = lineEnd + 1;
    const fenceLine = fenceAfter(line, fence);
    if (fenceLine) {
      fence = fenceLine.fence;
      continue;
    }
    if (fence || !line.includes('[')) continue;
    const made = rewriteLine(line, resolve);
    if (made === line) continue;
    rewritten += markdown.slice(copiedTo, lineStart) + made;
    copiedTo = lineEnd;
  }
  return copiedTo === 0 ? markdown : rewritten + markdown.slice(copiedTo);
}

/** Where the next line that may open or close a fence, or (outside a fence) hold a link, has such a mark; -1 if none. */
function nextLineThatMatters(markdown: string, from: number, inFence: boolean): number {
  const backticks = markdown.indexOf('```', from);
  const tildes = markdown.indexOf('~~~', from);
  const fenceMark = backticks === -1 ? tildes : tildes === -1 ? backticks : Math.min(backticks, tildes);
  if (inFence) return fenceMark;
  const bracket = markdown.indexOf('[', from);
  return bracket === -1 ? fenceMark : fenceMark === -1 ? bracket : Math.min(bracket, fenceMark);
}

/** One line outside code blocks, its links' and definition's targets resolved. */
function rewriteLine(line: string, resolve: (target: string) => string): string {
  let rewritten = line;
  // An inline link or image has "](" (INLINE): a line without one keeps every part as it is.
  if (line.includes('](')) {
    // Inline code spans keep their text: only the parts between them are rewritten.
    const parts = line.includes('`') ? line.split(/(`+[^`]*`+)/) : [line];
    rewritten = parts.map((part, i) => (i % 2 ? part : part.replace(INLINE, (_, open: string, target: string, close: string) => open + resolve(target) + close))).join('');
  }
  return rewritten.includes(']:') ? rewritten.replace(DEFINITION, (_, open: string, target: string) => open + resolve(target)) : rewritten;
}

function resolveTarget(raw: string, source: SourceDoc, input: TwinInput, absolute: Absolute, relative: RelativeTargets): string {
  const target = raw.startsWith('<') ? raw.slice(1, -1) : raw;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return raw; // https:, mailto:, …
  const [path, hash] = pathAndHash(target);
  if (!path) return absolute.route(source.route) + hash;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return raw;
  }
  if (decoded.startsWith('/')) return absolute(decoded.startsWith(input.config.baseUrl) ? path : posix.join(input.config.baseUrl, path)) + hash;
  const address = relative(source.dir, decoded);
  return address === undefined ? raw : address + hash;
}

/**
 * "a.md" and "#part" from "a.md#part#more": what `target.split(/(?=#)/)` gave as its first two
 * parts (a "#" at the very start does not split, one after the first ends the hash), without a
 * regular expression per link.
 */
function pathAndHash(target: string): [string, string] {
  const first = target.indexOf('#', 1);
  if (first === -1) return [target, ''];
  const second = target.indexOf('#', first + 1);
  return [target.slice(0, first), second === -1 ? target.slice(first) : target.slice(first, second)];
}
