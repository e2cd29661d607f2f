// Stage 6: every page rendered through the templates, its links checked, and its HTML handed to
// the output at once (so a large site's HTML never has to fit in memory together) or kept in
// the result. Dev builds keep each page's HTML and render a page again only when its own data
// or the shared chrome changed; only pages rendered again are checked then. The build's runtime
// may render and check pages elsewhere (ctx.runtime.shareHtml: worker threads in a large site's
// production build): all but the first, whose check here covers the layout every page shares.
// A production build with the build cache on disk copies a page from the last build when
// everything its HTML and its check depend on is the same (../file-store.ts, pageKeys below).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DocPageData, PageData } from '../../../shared/types.ts';
import { anchorFound, createLinkChecker, type LinkChecker } from '../../check/links.ts';
import { templateFailure } from '../../diagnostics/page-failure.ts';
import type { OutputFile } from '../../output/output.ts';
import { kindOf } from '../page-kinds/registry.ts';
import { bodyMadeElsewhere, docBodyKey } from '../page-kinds/doc.ts';
import type { LinkCheckView, PageSources } from '../page-kinds/page-kind.ts';
import type { PageHtmlTask } from '../page-html.ts';
import type { BuildContext, CompileOutput } from '../context.ts';
import type { SharedChrome } from './site-data.ts';
import type { OtherFiles } from './files.ts';
import type { FileStore } from '../file-store.ts';
import type { LinkCheckOptions } from '../../check/links.ts';
import type { RecordedLink } from '../../markdown/context.ts';
import { pageFilesOf, parseHref, routeKey } from '../../source/routes.ts';

/** The last build's pages, and what every key must include (the code and settings that made them). */
export interface StoredPages {
  store: FileStore;
  salt: string;
}

export interface WrittenPages {
  /** Routes whose HTML was rendered in this compile (all of them the first time). */
  renderedRoutes: string[];
  /** True when the shared chrome changed, so every page changed. */
  structureChanged: boolean;
  /** The pages' files, when there is no output to hand them to. */
  files: OutputFile[];
  /** Pages copied from the last build (../file-store.ts) or left in the output as they were, rather than rendered. */
  copied: number;
  /** Of those, the pages left in the output as they were (an update in place). */
  kept: number;
}

export class PagesStage {
  private readonly htmlCache = new Map<string, { key: string; html: string }>();
  private readonly bodyHashes = new Map<string, { html: string; hash: string }>();
  private chromeKey = '';

  /** Forgets rendered HTML (after the templates changed). */
  invalidate(): void {
    this.htmlCache.clear();
    this.chromeKey = '';
  }

  async run(ctx: BuildContext, pages: PageData[], sources: PageSources, chrome: SharedChrome, other: OtherFiles, stored?: StoredPages): Promise<WrittenPages> {
    const { config, output, mode } = ctx;
    const structureChanged = chrome.key !== this.chromeKey;
    this.chromeKey = chrome.key;
    const views = new Map(pages.map((page) => [page, kindOf(page).linkCheck(page, sources)]));
    const checks = {
      targets: pages.map((page) => ({ route: page.route, anchors: views.get(page)!.anchors })),
      files: other.paths,
      onBrokenLinks: mode === 'development' && config.onBrokenLinks === 'throw' ? 'warn' : config.onBrokenLinks,
      onBrokenAnchors: config.onBrokenAnchors,
      redirects: other.redirects,
    } as const;
    const checker = createLinkChecker({ ...checks, reporter: ctx.reporter });
    // In dev only freshly rendered pages are checked; the rest were checked when they were.
    const checkAll = mode === 'production' || structureChanged;
    // Only a build that writes copies pages: the others hand their pages' HTML back.
    const common = output && stored ? checksKey(stored.salt + chrome.key, checks) : undefined;
    const keys = common !== undefined ? pageKeys(pages, common, checks, views, (page) => this.pageKey(page, false)) : undefined;
    const pathsOf = (page: PageData) => kindOf(page).outputPaths(page, ctx.base, pageFilesOf(config));
    // An output updated in place that holds a page made from the same key keeps it: not rendered, read or written.
    const inOutput = keys ? await output!.pagesInOutput() : undefined;
    const kept = new Set(inOutput ? pages.filter((page) => pathsOf(page).every((path) => inOutput.keyOf(path) === keys!.get(page))) : []);
    // Read one by one as they are written (all at once they were 0.3 GB at 8,500 pages).
    const copyable = new Set(keys ? pages.filter((page) => !kept.has(page) && stored!.store.has(keys.get(page)!)) : []);
    const toRender = copyable.size + kept.size > 0 ? pages.filter((page) => !copyable.has(page) && !kept.has(page)) : pages;
    // Dev keeps and compares each page's HTML here, so only a production build shares its pages.
    // A fresh output folder lets the render workers write the pages they render.
    const writable = mode === 'production' ? await output?.writableFiles() : undefined;
    const made = { bodies: 0, written: 0 };
    const task = (page: PageData) => htmlTask(page, views.get(page)!, made, writable && filesOrNone(writable, pathsOf(page)));
    const shared = mode === 'production' ? ctx.runtime.shareHtml(toRender, 1, { ...checks, site: chrome.site, sidebar: sources.scanned.sidebar.items }, task) : undefined;
    const renderedRoutes: string[] = [];
    const files: OutputFile[] = [];
    ctx.progress.phase(output ? 'Writing HTML' : 'Rendering HTML', pages.length);
    let pagesDone = 0;
    let copied = 0;
    let index = -1; // in toRender
    // What this page's render and check reported, if anything: a page that reported is not kept
    // (its key, given to the output, is what lets the next build keep it there); `contents` is made only for a page kept.
    const keep = (page: PageData, contents: () => string | Uint8Array | { copyOf: string }, reported: boolean): string | undefined => {
      if (!keys || reported) return undefined;
      stored!.store.write(keys.get(page)!, contents());
      return keys.get(page);
    };
    for (const page of pages) {
      ctx.progress.count(++pagesDone);
      if (kept.has(page)) {
        const key = keys!.get(page)!;
        for (const path of pathsOf(page)) inOutput!.keep(path, key);
        stored!.store.touched.add(key); // the store's copy, if any, stays for a build into another folder
        copied++;
        continue;
      }
      if (copyable.has(page)) {
        // Gone since (another build of the site removed it): rendered here instead.
        if (await copyStored(output!, pathsOf(page), stored!.store, keys!.get(page)!)) {
          copied++;
          continue;
        }
      } else {
        const fromWorker = await shared?.take(++index);
        if (fromWorker && !('error' in fromWorker)) {
          for (const diagnostic of fromWorker.diagnostics) ctx.reporter.add(diagnostic);
          renderedRoutes.push(page.route);
          // A page the worker wrote is copied into the page store from the output.
          const key = keep(page, () => ('html' in fromWorker ? fromWorker.html : { copyOf: writable!(pathsOf(page))[0]! }), fromWorker.diagnostics.length > 0);
          if ('html' in fromWorker) await this.emit(ctx, page, fromWorker.html, files, key, fromWorker.sha256);
          else {
            for (const path of pathsOf(page)) output!.pageWritten(path, fromWorker.written, key);
            made.written++;
          }
          continue;
        }
      }
      const reportedBefore = ctx.reporter.diagnostics.length;
      const view = views.get(page)!;
      const html = this.renderHere(ctx, page, view.source?.displayPath, sources, chrome, renderedRoutes);
      if (checkAll || renderedRoutes.at(-1) === page.route) {
        checker.check({ route: page.route, href: page.href, displayPath: view.source?.displayPath, html, body: view.body, links: view.links, anchors: view.anchors });
      }
      const key = keep(page, () => html, ctx.reporter.diagnostics.length > reportedBefore);
      await this.emit(ctx, page, html, files, key);
    }
    if (checkAll) checkFragment(ctx, checker, chrome, common !== undefined ? { store: stored!.store, key: hash(`${common}sidebar fragment`) } : undefined);
    this.forgetGone(pages);
    if (shared) ctx.timings.note(() => `page bodies made on the render workers: ${made.bodies} of ${toRender.length - 1} pages, ${made.written} written there`);
    const phase = output ? 'render, check and write pages' : 'render and check pages';
    ctx.timings.mark(shared ? `${phase} (worker threads)` : phase);
    return { renderedRoutes, structureChanged, files, copied, kept: kept.size };
  }

  /** Forgets what dev kept of pages that are gone. */
  private forgetGone(pages: PageData[]): void {
    const live = new Set(pages.map((p) => p.route));
    for (const route of this.htmlCache.keys()) if (!live.has(route)) this.htmlCache.delete(route);
    for (const route of this.bodyHashes.keys()) if (!live.has(route)) this.bodyHashes.delete(route);
  }

  /** A page's HTML, rendered in this thread (or, in dev, kept from the last compile when nothing it shows changed); rendered routes are added to `rendered`. */
  private renderHere(ctx: BuildContext, page: PageData, file: string | undefined, sources: PageSources, chrome: SharedChrome, rendered: string[]): string {
    const dev = ctx.mode === 'development';
    // Only dev keeps pages' HTML between compiles (a production build renders each page once).
    const key = dev ? chrome.key + this.pageKey(page, true) : '';
    const cachedHtml = this.htmlCache.get(page.route);
    if (cachedHtml?.key === key) return cachedHtml.html;
    let html: string;
    try {
      html = ctx.templates.renderPage(chrome.site, page, sources.scanned.sidebar.items);
    } catch (error) {
      throw templateFailure({ route: page.route, file }, error);
    }
    if (dev) this.htmlCache.set(page.route, { key, html });
    rendered.push(page.route);
    return html;
  }

  /**
   * Hands a page's HTML (a worker's comes as UTF-8 bytes, with their SHA-256) to the output with
   * its key in the page store, or keeps it in `files` when there is none.
   */
  private async emit({ output, base, config }: BuildContext, page: PageData, html: string | Uint8Array, files: OutputFile[], key?: string, sha256?: string): Promise<void> {
    const holds = sha256 === undefined || typeof html === 'string' ? undefined : { size: html.byteLength, sha256 };
    for (const path of kindOf(page).outputPaths(page, base, pageFilesOf(config))) {
      if (output) await output.page({ path, contents: html, holds }, key);
      else files.push({ path, contents: typeof html === 'string' ? html : utf8.decode(html) });
    }
  }

  /**
   * What a page's HTML depends on besides the shared chrome. A doc page's body and table of
   * contents are named by what they are made of (docBodyKey: hashes of its markdown's, kept in
   * the build cache), so an unchanged page's body is neither read nor hashed; without the build
   * cache it is hashed, and `remember` keeps that hash for the next compile (dev), where an
   * unchanged page brings the same body again.
   */
  private pageKey(page: PageData, remember: boolean): string {
    if (page.kind !== 'doc') return JSON.stringify(page);
    return (docBodyKey(page) ?? this.bodyHash(page, remember) + tocJson(page.toc)) + dataJson(page);
  }

  private bodyHash({ route, html }: DocPageData, remember: boolean): string {
    let body = this.bodyHashes.get(route);
    if (body?.html !== html) {
      body = { html, hash: hash(html) };
      if (remember) this.bodyHashes.set(route, body);
    }
    return body.hash;
  }
}

const utf8 = new TextDecoder();

/** What a worker needs to render and check a page: a doc page's body is made there when it can be (./page-kinds/doc.ts). */
/** The files a worker may write a page's paths to, or none when a path is not safe (the output then reports it when it writes the page). */
function filesOrNone(writable: (paths: string[]) => string[], paths: string[]): string[] | undefined {
  try {
    return writable(paths);
  } catch {
    return undefined;
  }
}

/** What a render worker is sent of a page (`made.bodies` counts the doc bodies it makes), and where it writes the page, if anywhere. */
function htmlTask(page: PageData, view: LinkCheckView, made: { bodies: number }, writeTo: string[] | undefined): PageHtmlTask {
  const elsewhere = page.kind === 'doc' ? bodyMadeElsewhere(page) : undefined;
  // A doc's view reads its body from the page.
  if (elsewhere) {
    made.bodies++;
    return { ...elsewhere, displayPath: view.source?.displayPath, bodyIsPageHtml: true, links: view.links, writeTo };
  }
  return { page, displayPath: view.source?.displayPath, bodyIsPageHtml: view.body !== undefined && view.body === (page as { html?: string }).html, links: view.links, writeTo };
}

/**
 * Checks the sidebar fragment, which holds the sidebar links pages no longer carry in full. Like
 * a page, with the page store it is checked again only when its key is new (the chrome, which
 * names the sidebar, and every address a link may lead to), and its key is stored only when its
 * check reported nothing: at 8,500 pages its ~9,000 links took ~50 ms of every warm build. The
 * key's file is empty: the fragment itself is kept with the sidebar (./site-data.ts).
 */
function checkFragment(ctx: BuildContext, checker: LinkChecker, chrome: SharedChrome, stored: { store: FileStore; key: string } | undefined): void {
  if (stored?.store.has(stored.key)) {
    stored.store.keep(stored.key);
    ctx.timings.note(() => 'sidebar fragment: links checked by the last build');
    return;
  }
  const reportedBefore = ctx.reporter.diagnostics.length;
  const { html } = JSON.parse(chrome.sidebarFile.contents) as { html: string };
  checker.check({ route: '/' + chrome.sidebarFile.path, href: ctx.config.baseUrl, html, links: [], fragment: true });
  if (stored && ctx.reporter.diagnostics.length === reportedBefore) stored.store.write(stored.key, '');
}

/** What every page's key includes: the shared chrome (`chromeKey`), and every address a link may lead to, with the check's settings. */
function checksKey(chromeKey: string, checks: Omit<LinkCheckOptions, 'reporter'>): string {
  const everyAddress = JSON.stringify([checks.targets.map(({ route }) => route), [...checks.files], [...(checks.redirects ?? [])], checks.onBrokenLinks, checks.onBrokenAnchors]);
  return hash(chromeKey + hash(everyAddress));
}

/**
 * Copies a page from the page store into its output files, the kernel copying it: what it holds
 * is the record's of the last build's file of that key, else hashed from the store
 * (FileStore.holdsOf) but not kept. False when the store no longer has it.
 */
async function copyStored(output: CompileOutput, paths: string[], store: FileStore, key: string): Promise<boolean> {
  const recorded = output.recordedHolds(key);
  const holds = recorded && existsSync(store.pathOf(key)) ? recorded : store.holdsOf(key);
  if (!holds) return false;
  store.keep(key);
  for (const path of paths) await output.page({ path, copyFrom: store.pathOf(key), holds }, key);
  return true;
}

/**
 * Each page's key in the page store: the same key means the same HTML and the same (clean) link
 * check. A page's HTML is the templates' (their code is in the salt) rendering of the shared
 * chrome and the page's own data (`pageKey`). Its check reads every link against every page's
 * route, every other file and the redirects (`common`: checksKey), and the #anchors of the links
 * written in its markdown (`links`, the only ones whose anchors are checked) against their pages'
 * ids: what the check found of each (`anchorsFound`) is in the key, so a renamed heading checks
 * again the pages that link to it, and no other page.
 */
function pageKeys(pages: PageData[], common: string, checks: Omit<LinkCheckOptions, 'reporter'>, views: Map<PageData, { links: RecordedLink[] }>, pageKey: (page: PageData) => string): Map<PageData, string> {
  const anchors = new Map<string, Set<string> | undefined>();
  for (const { route, anchors: ids, fragment } of checks.targets) if (!fragment) anchors.set(routeKey(route), ids);
  const found = anchorsFound(anchors);
  return new Map(pages.map((page) => [page, hash(common + page.kind + pageKey(page) + found(page, views.get(page)!.links))]));
}

/**
 * What the anchor check finds of each #fragment link a page's markdown wrote, in order: "1" the
 * target page has the id, "0" it has not (the check warns), "-" nothing to check (the address
 * is no page, or anchors into it are not checked). The link itself is in the page's body, and
 * where it leads depends on the page's address, both in its key already. A third of the links
 * of a large site have a fragment (28,500 of 71,000 at 8,500 pages), most to the same pages:
 * each address before a "#" is parsed once.
 */
function anchorsFound(anchors: Map<string, Set<string> | undefined>): (page: PageData, links: RecordedLink[]) => string {
  const targets = new Map<string, { route: string; hash: string } | undefined>();
  const targetOf = (href: string, from: string) => {
    const at = href.indexOf('#');
    const fragment = href.slice(at + 1);
    // Only a fragment the URL parser leaves as it is may be cut off the address parsed once.
    if (!/^[\w-]+$/.test(fragment)) return parseHref(href, from);
    const address = href.slice(0, at);
    // An address from the site's root leads to the same place from every page.
    const memo = address.startsWith('/') && !address.startsWith('//') ? address : `${from}\n${address}`;
    if (!targets.has(memo)) targets.set(memo, parseHref(address, from));
    const target = targets.get(memo);
    return target && { route: target.route, hash: fragment };
  };
  return (page, links) => {
    let found = '';
    for (const link of links) {
      // Most links have no fragment: they are not parsed.
      if (link.missingMarkdown || !link.href.includes('#')) continue;
      const target = targetOf(link.href, page.href);
      if (!target?.hash) continue;
      const ids = anchors.get(routeKey(target.route));
      found += ids === undefined ? '-' : anchorFound(ids, target.hash) ? '1' : '0';
    }
    return found;
  };
}

/** A doc page's data but its body and table of contents, as JSON (its body's getter is not called). */
function dataJson(page: DocPageData): string {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(page) as (keyof DocPageData)[]) if (key !== 'html' && key !== 'toc') data[key] = page[key];
  return JSON.stringify(data);
}

/** A page's table of contents as JSON, once per toc: an unchanged page brings the same one from the markdown cache. */
const tocJsons = new WeakMap<object, string>();
function tocJson(toc: object): string {
  let json = tocJsons.get(toc);
  if (json === undefined) tocJsons.set(toc, (json = JSON.stringify(toc)));
  return json;
}

function hash(data: string): string {
  return createHash('sha1').update(data).digest('hex');
}
