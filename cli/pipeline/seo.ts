// sitemap.xml and robots.txt.
import type { ResolvedConfig } from '../config/schema.ts';

export function sitemapXml(config: ResolvedConfig, hrefs: string[]): string {
  const origin = config.url.replace(/\/+$/, '');
  const urls = [...hrefs]
    .sort()
    .map((href) => `<url><loc>${escapeXml(origin + href)}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function robotsTxt(config: ResolvedConfig): string {
  const origin = config.url.replace(/\/+$/, '');
  return `User-agent: *\nAllow: /\nDisallow: ${config.baseUrl}search\n\nSitemap: ${origin}${config.baseUrl}sitemap.xml\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
