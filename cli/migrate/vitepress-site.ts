// VitePress's site settings as help.config.ts: title, description, base, the sitemap's host,
// head (favicon, scripts), themeConfig (navbar, social links, footer, edit link, Algolia,
// outline) and what helpgen has no place for, reported at its key.
import type { UserConfig } from '../config/define.ts';
import { plainText } from './mkdocs-config.ts';
import type { MigrationPlan } from './model.ts';
import { iconLabel, safeHref } from './links.ts';
import { slugOf } from './nav-placement.ts';
import { navbarItems } from './vitepress-nav.ts';

type Report = (key: string, message: string, fix: string) => void;
type Settings = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function carry(plan: MigrationPlan, what: string, n = 1): void {
  if (n > 0) plan.carried[what] = (plan.carried[what] ?? 0) + n;
}

export function vitepressSiteConfig(config: Settings, home: Settings, plan: MigrationPlan, report: Report): UserConfig {
  const theme = (config.themeConfig ?? {}) as Settings;
  const hero = (home.hero ?? {}) as Settings;
  const result: UserConfig = {};
  // A site without a title in its config is named by its home page's hero, as readers see it.
  // Without a config, the home page's own title names the site: "Vue.js - The Progressive…".
  const [homeTitle, homeTagline] = (str(home.title) ?? '').split(/\s+[-|–]\s+/);
  const title = str(config.title) ?? str(hero.name) ?? str(homeTitle);
  if (title) {
    result.title = title;
    result.product = { name: title, slug: slugOf(title) || 'site' };
    carry(plan, 'title');
  }
  const tagline = str(config.description) ?? str(hero.tagline) ?? str(hero.text) ?? str(homeTagline);
  if (tagline) {
    result.tagline = tagline;
    carry(plan, 'tagline');
  }
  result.baseUrl = (str(config.base) ?? '/').replace(/^\/?/, '/').replace(/\/*$/, '/');
  const hostname = str((config.sitemap as Settings | undefined)?.hostname);
  if (hostname && URL.canParse(hostname)) {
    result.url = new URL(hostname).origin;
    carry(plan, 'site address');
  } else if (Object.keys(config).length) report('title', 'The config has no sitemap.hostname, so the new site has no `url` (no canonical links, no sitemap)', 'Set url in help.config.ts to the address the site is published at.');
  // VitePress writes guide/a.html for "/guide/a" or "/guide/a.html": so does helpgen with pageFiles "html".
  result.pageFiles = 'html';
  if (config.cleanUrls !== true && Object.keys(config).length) {
    report('cleanUrls', 'VitePress linked pages as /a.html; helpgen links them as /a, served from the same a.html file, so the old addresses keep working', 'Publish on a host that tries ".html" (GitHub Pages, Netlify, Cloudflare Pages, the README\'s nginx block), as docs/config.md says under pageFiles.');
  }
  if (str(theme.siteTitle)) result.navbar = { title: str(theme.siteTitle) };
  head(config.head, result, plan, report);
  if (theme.logo) report('logo', 'The logo is not carried over: helpgen\'s navbar shows its own mark and the site title', 'Set navbar.title in help.config.ts if the title alone should name the site.');
  const items = navbarItems(theme.nav);
  result.navbar = { ...result.navbar, items: [...items, { type: 'search', position: 'right' }] };
  carry(plan, 'navbar links', items.length);
  const footer = footerOf(theme, plan, report);
  if (footer) result.footer = footer;
  const editLink = theme.editLink as Settings | undefined;
  if (typeof editLink?.pattern === 'string' && editLink.pattern.endsWith(':path')) {
    result.editUrl = editLink.pattern.slice(0, -':path'.length);
    carry(plan, 'edit link');
    report('editLink', `"Edit this page" links go to ${result.editUrl}, the folder of the VitePress pages; the new site's pages are in its content/ folder`, 'When the helpgen site replaces the VitePress one in the repository, change the folder at the end of editUrl in help.config.ts.');
  } else if (editLink?.pattern) report('editLink', 'The edit link pattern is not an address ending in :path, so it is not carried over', 'Set editUrl in help.config.ts: the address the page\'s path under content/ is appended to.');
  const search = searchOf(theme, plan, report);
  if (search) result.search = search;
  const toc = tocOf(theme.outline);
  if (toc) result.toc = toc;
  if (config.locales && Object.keys(config.locales as object).length > 1) report('locales', 'The other languages (locales) are not carried over: helpgen builds one language per site', 'Migrate each language\'s folder as its own site.');
  if (config.extends) report('extends', 'The settings this config extends are not read', 'Copy them into the config before migrating, or set them in help.config.ts afterwards.');
  return result;
}

/** head: a link rel="icon" is the favicon, a script with src is loaded on every page; the rest is reported. */
function head(value: unknown, result: UserConfig, plan: MigrationPlan, report: Report): void {
  if (!Array.isArray(value)) return;
  const scripts: NonNullable<UserConfig['scripts']> = [];
  for (const entry of value) {
    if (!Array.isArray(entry)) continue;
    const [tag, attrs = {}, inner] = entry as [string, Record<string, string>, string?];
    if (tag === 'link' && /(^|\s)icon$/.test(attrs.rel ?? '') && typeof attrs.href === 'string' && safeHref(attrs.href) && !result.favicon) {
      result.favicon = attrs.href.startsWith(result.baseUrl!) || /^https?:/i.test(attrs.href) ? attrs.href : `${result.baseUrl}${attrs.href.replace(/^\/+/, '')}`;
      carry(plan, 'favicon');
    } else if (tag === 'script' && typeof attrs.src === 'string' && safeHref(attrs.src) && !inner) {
      scripts.push({ src: attrs.src, async: true });
    } else {
      report(tag === 'link' ? String(attrs.rel ?? 'head') : tag === 'meta' ? String(attrs.name ?? attrs.property ?? 'head') : 'head', `The <${tag}> tag in head is not carried over: helpgen writes its own head`, 'Nothing to do for meta tags helpgen writes itself (description, og:, viewport); load other scripts through `scripts` in help.config.ts.');
    }
  }
  if (scripts.length) result.scripts = scripts;
  carry(plan, 'scripts', scripts.length);
}

function footerOf(theme: Settings, plan: MigrationPlan, report: Report): UserConfig['footer'] {
  const social = (Array.isArray(theme.socialLinks) ? theme.socialLinks : []) as { icon?: unknown; link?: string; ariaLabel?: string }[];
  const items = social
    .filter((s) => s && typeof s.link === 'string' && safeHref(s.link))
    .map((s) => ({ label: str(s.ariaLabel) ?? iconLabel(s.icon) ?? s.link!, href: s.link! }));
  const footer = (theme.footer ?? {}) as Settings;
  const lines = [str(footer.message), str(footer.copyright)].filter((l): l is string => l !== undefined);
  if (!items.length && !lines.length) return undefined;
  carry(plan, 'footer links', items.length);
  const copyright = plainText(lines.join(' · '));
  if (lines.length && copyright !== lines.join(' · ')) report('footer', 'The footer\'s message and copyright hold HTML; helpgen shows them as one plain line, so the markup was removed', 'Check footer.copyright in help.config.ts; put links in footer.links.');
  return { style: 'dark', links: items.length ? [{ title: 'Community', items }] : [], ...(copyright ? { copyright } : {}) };
}

/** themeConfig.search (or the older themeConfig.algolia) with Algolia → helpgen's Algolia settings. */
function searchOf(theme: Settings, plan: MigrationPlan, report: Report): UserConfig['search'] {
  const search = theme.search as Settings | undefined;
  const options = (search?.provider === 'algolia' ? search.options : theme.algolia) as Settings | undefined;
  if (!options) return undefined;
  const { appId, apiKey, indexName } = options;
  if (typeof appId !== 'string' || typeof apiKey !== 'string' || typeof indexName !== 'string') {
    report('algolia', 'The Algolia settings lack appId, apiKey or indexName, so the new site uses its local search', 'Set search.algolia in help.config.ts.');
    return undefined;
  }
  carry(plan, 'search settings');
  const searchParameters = options.searchParameters as Record<string, unknown> | undefined;
  return { provider: 'algolia', algolia: { appId, apiKey, indexName, ...(searchParameters ? { searchParameters } : {}) } };
}

/** themeConfig.outline: a level, [from, to] or "deep" → the "On this page" levels. */
function tocOf(outline: unknown): UserConfig['toc'] {
  const level = outline && typeof outline === 'object' && !Array.isArray(outline) ? (outline as Settings).level : outline;
  const clamp = (n: number) => Math.min(6, Math.max(2, n));
  if (level === 'deep') return { minHeadingLevel: 2, maxHeadingLevel: 6 };
  if (typeof level === 'number') return { minHeadingLevel: clamp(level), maxHeadingLevel: clamp(level) };
  if (Array.isArray(level) && typeof level[0] === 'number' && typeof level[1] === 'number') return { minHeadingLevel: clamp(level[0]), maxHeadingLevel: clamp(level[1]) };
  return undefined;
}
