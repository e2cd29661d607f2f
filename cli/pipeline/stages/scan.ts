// Stage 1: reads content/ (front matter, titles, routes, _category_.json) and builds the sidebar.
// Unchanged files are not read again: `cache` keeps what the last compile read.
import { scanContent, type ScanCache, type SiteSource } from '../../source/scan.ts';
import type { ContentListing } from '../../source/content-listing.ts';
import { buildSidebar, type SidebarModel } from '../../source/sidebar.ts';
import { placeholderValues } from '../../source/placeholders.ts';
import type { BuildContext } from '../context.ts';
import type { TextSpill } from '../text-spill.ts';

export interface ScannedSite {
  source: SiteSource;
  sidebar: SidebarModel;
}

/**
 * `listing` is dev's last listing of content/, reused when only known files changed; `onListed`
 * is told how many pages there are as soon as they are listed (before they are read); `spill`,
 * a production build's, takes each page's source text once read (../text-spill.ts).
 */
export async function scanStage(ctx: BuildContext, cache: ScanCache, listing?: ContentListing, onListed?: (pages: number) => void, spill?: TextSpill): Promise<ScannedSite> {
  const { config, reporter } = ctx;
  ctx.progress.phase('Scanning content/');
  const source = await scanContent({
    siteDir: ctx.siteDir,
    baseUrl: config.baseUrl,
    trailingSlash: config.trailingSlash,
    exclude: config.docs.exclude,
    placeholders: placeholderValues(config),
    report: (d) => reporter.add(d),
    cache,
    listing,
    maxPageBytes: config.maxPageSizeKB * 1024,
    onListed,
    spill,
  });
  ctx.timings.mark('scan');
  return { source, sidebar: buildSidebar(source, config.baseUrl, { home: config.docs.sidebar.home }) };
}
