// What a Jekyll site's _config.yml becomes in help.config.ts: the title, description, address
// (url + baseurl), the address style of its pages (permalink), and the settings helpgen has no
// place for (theme, plugins, collections, front matter defaults), reported at their line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { UserConfig } from '../config/define.ts';
import type { MigrationProblem } from './model.ts';
import { slugOf } from './nav-placement.ts';
import { escapeRegExp, lineOf } from './source-files.ts';

export const JEKYLL_CONFIG_NAMES = ['_config.yml', '_config.yaml'];

export interface JekyllContext {
  /** The config file's name ("_config.yml"), or undefined when the site has none. */
  file?: string;
  data: Record<string, unknown>;
  text: string;
  problems: MigrationProblem[];
  carried: Record<string, number>;
}

export type JekyllConfigRead = { ctx: JekyllContext } | { problem: MigrationProblem };

/** _config.yml as data (never run: Jekyll's YAML has no code in it), or where it cannot be read. */
export function readJekyllConfig(sourceDir: string, problems: MigrationProblem[], carried: Record<string, number>): JekyllConfigRead {
  const file = JEKYLL_CONFIG_NAMES.find((name) => existsSync(join(sourceDir, name)));
  if (!file) return { ctx: { data: {}, text: '', problems, carried } };
  const text = readFileSync(join(sourceDir, file), 'utf8');
  try {
    const data = load(text) ?? {};
    if (typeof data !== 'object' || Array.isArray(data)) return { problem: { file, line: 1, message: `${file} does not hold a mapping of settings`, fix: 'Write the settings as "key: value" lines, as Jekyll reads them.' } };
    return { ctx: { file, data: data as Record<string, unknown>, text, problems, carried } };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    return { problem: { file, line: mark ? mark.line + 1 : undefined, column: mark ? mark.column + 1 : undefined, message: `${file} cannot be read: ${(error as Error).message.split('\n')[0]}`, fix: 'Fix the YAML at that line (Jekyll could not read it either) and run the migration again.' } };
  }
}

export function report(ctx: JekyllContext, key: string, message: string, fix: string): void {
  const line = ctx.text ? lineOf(ctx.text, new RegExp(`^\\s*(?:-\\s*)?['"]?${escapeRegExp(key)}['"]?\\s*(?::|$)`)) : undefined;
  ctx.problems.push({ file: ctx.file ?? '_config.yml', line, message, fix });
}

export function count(ctx: JekyllContext, what: string, n = 1): void {
  if (n > 0) ctx.carried[what] = (ctx.carried[what] ?? 0) + n;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * How Jekyll addresses a page (Jekyll::Page#template): "pretty", or a permalink style ending in
 * "/", gives "/a/b/"; any other style gives "/a/b.html" ("date", the default, and "none") or
 * "/a/b" (":title", written to a/b.html). helpgen's pageFiles "html" writes a/b.html and links
 * it as /a/b, so both of those keep working.
 */
export function folderUrls(ctx: JekyllContext): boolean {
  const style = text(ctx.data.permalink) ?? 'date';
  return style === 'pretty' || style.endsWith('/');
}

export function jekyllSiteConfig(ctx: JekyllContext, home: Record<string, unknown>, folderName: string): UserConfig {
  const config: UserConfig = {};
  // A site without a title in its config is named by its home page, else by its folder.
  const title = text(ctx.data.title) ?? text(ctx.data.name) ?? text(home.title) ?? folderName.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  config.title = title;
  config.product = { name: title, slug: slugOf(title) || 'site' };
  if (text(ctx.data.title) ?? text(ctx.data.name)) count(ctx, 'title');
  const description = text(ctx.data.description) ?? text(ctx.data.tagline);
  if (description) {
    config.tagline = description;
    count(ctx, 'tagline');
  }
  Object.assign(config, siteAddress(ctx));
  // Folder pages stay folders ("/a/" is a/index.html) either way, as in Jekyll.
  if (folderUrls(ctx)) config.trailingSlash = true;
  else config.pageFiles = 'html';
  reportUnused(ctx);
  return config;
}

/** url "https://example.com" + baseurl "/docs" → url and baseUrl "/docs/". */
function siteAddress(ctx: JekyllContext): Pick<UserConfig, 'url' | 'baseUrl'> {
  const baseUrl = (text(ctx.data.baseurl) ?? '/').replace(/^\/?/, '/').replace(/\/*$/, '/');
  const url = text(ctx.data.url);
  if (!url) {
    if (ctx.file) report(ctx, 'title', `${ctx.file} has no url, so the new site has no \`url\` (no canonical links, no sitemap)`, 'Set url in help.config.ts to the address the site is published at.');
    return { baseUrl };
  }
  try {
    const parsed = new URL(url);
    count(ctx, 'site address');
    // Some sites write the whole address in url and leave baseurl empty.
    const path = parsed.pathname.replace(/\/*$/, '/');
    return { url: parsed.origin, baseUrl: baseUrl === '/' ? path : baseUrl };
  } catch {
    report(ctx, 'url', `url "${url}" is not a web address`, 'Set url in help.config.ts to the https:// address the site is published at.');
    return { baseUrl };
  }
}

// Plugins whose work helpgen does itself, by what it does instead.
const PLUGINS_HELPGEN_DOES: Record<string, string> = {
  'jekyll-redirect-from': 'redirect_from',
  'jekyll-sitemap': 'sitemap',
  'jekyll-seo-tag': 'meta tags',
  'jekyll-relative-links': '.md links',
  'jekyll-optional-front-matter': 'pages without front matter',
  'jekyll-readme-index': 'README.md as a folder\'s page',
  'jekyll-titles-from-headings': 'titles from headings',
  'jekyll-default-layout': 'layout',
  'jekyll-github-metadata': 'nothing needed',
  'jemoji': 'nothing needed',
};

function reportUnused(ctx: JekyllContext): void {
  const { data } = ctx;
  for (const key of ['theme', 'remote_theme']) {
    if (text(data[key])) report(ctx, key, `The theme ${String(data[key])} is not carried over: helpgen shows pages in its own layout (navbar, sidebar, table of contents)`, 'Nothing to do: the pages keep their text; the new site has helpgen\'s look (colorMode and navbar in help.config.ts).');
  }
  const plugins = [data.plugins, data.gems].flatMap((list) => (Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []));
  const other = plugins.filter((p) => !(p in PLUGINS_HELPGEN_DOES));
  for (const plugin of other) report(ctx, plugin, `The plugin ${plugin} is not run: what it adds to the pages is not carried over`, 'Check the pages that rely on it in the new site; helpgen\'s own features are in docs/markdown.md.');
  if (data.collections && typeof data.collections === 'object') report(ctx, 'collections', 'Collections are not carried over: only the site\'s pages are (a collection\'s _name/ folder is Jekyll\'s, not a page folder)', 'Copy the documents that belong in the help centre into content/ as pages.');
  const defaults = Array.isArray(data.defaults) ? data.defaults : [];
  const meaningful = defaults.some((d) => Object.keys(((d as { values?: object })?.values ?? {}) as object).some((k) => k !== 'layout'));
  if (meaningful) report(ctx, 'defaults', 'Front matter defaults (defaults:) are not applied to the pages', 'Write the values a page needs into its own front matter in content/.');
  if (text(data.lang) && text(data.lang) !== 'en') report(ctx, 'lang', `The site's language (${String(data.lang)}) is not carried over`, 'Set i18n in help.config.ts (docs/config.md).');
}
