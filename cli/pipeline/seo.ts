// sitemap.xml and robots.txt, and the warning for a production build that has no `url`: without
// the site's origin there can be no canonical URL and no sitemap (it needs absolute addresses).
import { posix } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { Reporter } from '../diagnostics/reporter.ts';
import type { PageData } from '../../shared/types.ts';
import { hrefToRoute } from '../source/routes.ts';
import { socialImageHref } from '../render/site-data.ts';
import type { OutputFile } from '../output/output.ts';

export interface SitemapEntry {
  href: string;
  /** YYYY-MM-DD of the last change: the same date the page shows as "Last updated". */
  lastmod?: string;
}

/** robots.txt, and sitemap.xml of every indexable page when the site's url is known. */
export function seoFiles(config: ResolvedConfig, pages: PageData[]): OutputFile[] {
  const entries = pages.filter((p) => !p.noindex).map((p) => ({ href: p.href, lastmod: p.kind === 'doc' ? p.lastUpdated : undefined }));
  return [
    ...(config.url ? [{ path: posix.join(config.baseUrl.replace(/^\/+/, ''), 'sitemap.xml'), contents: sitemapXml(config.url, entries) }] : []),
    { path: 'robots.txt', contents: robotsTxt(config) },
  ];
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = [...entries]
    .sort((a, b) => (a.href < b.href ? -1 : a.href > b.href ? 1 : 0))
    .map(({ href, lastmod }) => `<url><loc>${escapeXml(base + href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}<changefreq>weekly</changefreq><priority>0.5</priority></url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function robotsTxt(config: ResolvedConfig): string {
  const sitemap = config.url ? `\nSitemap: ${config.url.replace(/\/+$/, '')}${config.baseUrl}sitemap.xml\n` : '';
  return `User-agent: *\nAllow: /\nDisallow: ${config.baseUrl}search\n${sitemap}`;
}

export function missingUrlWarning(configFile: string | undefined): Diagnostic {
  return {
    severity: 'warning',
    code: 'missing-url',
    message: 'url is not set, so pages have no canonical URL and the site has no sitemap.xml',
    position: configFile ? { file: configFile } : undefined,
    hint: `Set url to the address readers use before you publish, e.g. url: "https://help.example.com"${configFile ? '' : ' in a help.config.ts'}.`,
    // A new site (helpgen init) has no address yet, and its CI runs build --strict from the first commit.
    failsStrict: false,
  };
}

/** A share picture given as a site path must be a file of the site (from static/). */
export function checkSocialImage(config: ResolvedConfig, files: Set<string>, reporter: Reporter): void {
  if (!config.image || /^https?:\/\//.test(config.image)) return;
  const route = hrefToRoute(socialImageHref(config));
  if (route !== undefined && files.has(route)) return;
  reporter.addBySetting(config.onBrokenLinks, {
    code: 'broken-image',
    message: `image "${config.image}" is not a file of the site`,
    position: { file: 'help.config.ts' },
    hint: `Put the picture in static/ (static${config.image.startsWith('/') ? '' : '/'}${config.image.startsWith(config.baseUrl) ? config.image.slice(config.baseUrl.length - 1) : config.image}) or give a full https:// URL.`,
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
