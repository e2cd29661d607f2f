// The site as the markdown plugins see it (../markdown/context.ts), recording what one page
// used while it renders: the files it links or embeds, the files it looked for that did not
// exist, the routes of the pages it links to, and its diagnostics. The build cache keeps that
// record with the page, and reuses the page only while all of it still holds. Used by the
// build's main thread and by the markdown worker alike.
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { MarkdownSite } from '../markdown/context.ts';
import type { MarkdownSettings } from '../markdown/settings.ts';
import { contentAsset, isPublishableFile, type ContentAsset } from './content-assets.ts';

export interface PageRecord {
  diagnostics: Diagnostic[];
  /** Files under content/ the page links or embeds. */
  assets: ContentAsset[];
  /** Files the page refers to that did not exist. */
  missing: string[];
  /** Markdown files the page links to and their routes then (null: none). */
  routes: [string, string | null][];
}

/** The markdown settings (../markdown/settings.ts) and the routes of this build's pages. */
export type SiteSettings = MarkdownSettings & Pick<MarkdownSite, 'routeByRelPath'>;

export interface RecordingSite {
  readonly site: MarkdownSite;
  /** Starts recording a page; what it records goes into the returned record. `report` also gets each diagnostic. */
  begin(report?: (diagnostic: Diagnostic) => void): PageRecord;
}

export function recordingSite(settings: SiteSettings, onAsset?: (asset: ContentAsset) => void): RecordingSite {
  let record: PageRecord = { diagnostics: [], assets: [], missing: [], routes: [] };
  let forward: ((diagnostic: Diagnostic) => void) | undefined;
  const site: MarkdownSite = {
    ...settings,
    routeFor(relPath) {
      const route = site.routeByRelPath.get(relPath);
      record.routes.push([relPath, route ?? null]);
      return route;
    },
    addAsset(abs) {
      const asset = contentAsset(abs, site.baseUrl);
      record.assets.push(asset);
      onAsset?.(asset);
      return asset.href;
    },
    isFile(abs) {
      if (isPublishableFile(abs, site.contentDir)) return true;
      record.missing.push(abs); // remembered, so the build cache notices when it appears
      return false;
    },
    includes(abs) {
      // Kept with the files the page looked for and did not find: the cache renders such a page
      // again while the file exists, so a page with includes is rendered on every build and
      // always shows the included files as they are now.
      record.missing.push(abs);
    },
    report(diagnostic) {
      record.diagnostics.push(diagnostic);
      forward?.(diagnostic);
    },
  };
  return {
    site,
    begin(report) {
      forward = report;
      record = { diagnostics: [], assets: [], missing: [], routes: [] };
      return record;
    },
  };
}
