// Stage 5, first half: what every page shares: the site settings the templates render (navbar,
// footer, asset and search settings), the sidebar fragment, and a key that changes whenever any
// of it does (a dev rebuild then renders every page again).
import { posix } from 'node:path';
import { createHash } from 'node:crypto';
import type { ClientSearchConfig, SidebarItem, SiteData } from '../../../shared/types.ts';
import type { BuiltAssets } from '../../render/assets.ts';
import { createSiteData } from '../../render/site-data.ts';
import { homeHref } from '../../source/sidebar.ts';
import type { OutputFile } from '../../output/output.ts';
import type { BuildContext } from '../context.ts';
import type { ScannedSite } from './scan.ts';
import { readEntry, writeEntry } from '../../disk-cache.ts';

export interface SharedChrome {
  site: SiteData;
  /** The sidebar as one file (pages carry only its top levels), and where it is written. */
  sidebarFile: OutputFile & { contents: string };
  /** Changes whenever anything every page shows changes. */
  key: string;
}

/** Where a production build with the build cache keeps the last sidebar fragment, and what it depends on besides the sidebar (the build cache's salt names the templates' code). */
export interface FragmentMemo {
  file: string;
  salt: string;
}

export function sharedChrome(ctx: BuildContext, { source, sidebar }: ScannedSite, assets: BuiltAssets, search: ClientSearchConfig, memo?: FragmentMemo): SharedChrome {
  const { config, reporter } = ctx;
  const routeByDocId = new Map(source.docs.map((d) => [d.id, d.route]));
  const home = homeHref(source, sidebar, config.baseUrl);
  if (home.missing) reporter.add({ severity: 'warning', code: 'no-home-page', message: `no page is the home page (${config.baseUrl}): the logo and home links go to the first page, ${home.href}, and ${config.baseUrl} itself shows the not-found page`, hint: 'Add content/index.md, or give a page "slug: /" in its front matter.' });
  const items = itemsJson(sidebar.items);
  const fragment = sidebarFragment(ctx, items, sidebar.items, memo);
  const sidebarPath = posix.join(ctx.base, 'assets', `sidebar.${hash(fragment).slice(0, 10)}.json`);
  const site: SiteData = {
    ...createSiteData({ config, routeByDocId, sidebar: sidebar.items, assets: { css: assets.css, js: assets.js }, search, homeHref: home.href }),
    sidebarUrl: '/' + sidebarPath,
  };
  return { site, sidebarFile: { path: sidebarPath, contents: fragment }, key: hash(items + JSON.stringify(site)) };
}

/** The sidebar's items as JSON, once per sidebar. */
const itemsJsons = new WeakMap<SidebarItem[], string>();
function itemsJson(items: SidebarItem[]): string {
  let json = itemsJsons.get(items);
  if (json === undefined) itemsJsons.set(items, (json = JSON.stringify(items)));
  return json;
}

/**
 * The last sidebar fragment rendered, by templates and sidebar: a dev rebuild after an edit that
 * leaves the sidebar as it was (most of them) does not render it again (~30 ms at 1,700 pages).
 */
let lastFragment: { templates: BuildContext['templates']; items: string; fragment: string } | undefined;

/**
 * The sidebar fragment: the last one rendered when the sidebar is the same, in this process or,
 * with `memo`, in the build cache (rendering the whole sidebar with React was ~0.2 s of every
 * warm build at 8,500 pages, most of which change no page's place or label).
 */
function sidebarFragment(ctx: BuildContext, items: string, sidebar: SidebarItem[], memo: FragmentMemo | undefined): string {
  const { templates } = ctx;
  const inMemory = lastFragment?.templates === templates && lastFragment.items === items ? lastFragment.fragment : undefined;
  const key = memo && hash(`${memo.salt}\n${items}`);
  const kept = inMemory ?? (memo && storedFragment(memo.file, key!));
  const fragment = kept ?? templates.renderSidebarFragment(sidebar);
  if (memo && kept === undefined) writeEntry(memo.file, JSON.stringify({ key, fragment }));
  ctx.timings.note(() => `sidebar fragment: ${kept === undefined ? 'rendered' : 'kept from the last build'}`);
  lastFragment = { templates, items, fragment };
  return fragment;
}

/** The fragment the build cache holds for this key, if any (a missing or damaged file reads as none). */
function storedFragment(file: string, key: string): string | undefined {
  try {
    const stored = JSON.parse(readEntry(file)?.toString('utf8') ?? 'null') as { key?: unknown; fragment?: unknown } | null;
    return stored?.key === key && typeof stored.fragment === 'string' ? stored.fragment : undefined;
  } catch {
    return undefined;
  }
}

function hash(data: string): string {
  return createHash('sha1').update(data).digest('hex');
}
