// Reads a Jekyll site (GitHub Pages: _config.yml, its pages, _data/navigation) into a
// MigrationPlan. Jekyll gives "a/b.md" the address "/a/b.html" (GitHub Pages answers "/a/b"
// too), or "/a/b/" with permalink: pretty: helpgen keeps both, with pageFiles "html" or folder
// pages. A page's own `permalink` becomes its `slug`; `redirect_from` is read by helpgen as it
// is. The pages' Liquid and kramdown lines are rewritten by the build's Jekyll dialect
// (../markdown/dialects/jekyll.ts) when the pages are written.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { titleFromMarkdown } from '../source/page-title.ts';
import { count, folderUrls, type JekyllContext, jekyllSiteConfig, readJekyllConfig, report } from './jekyll-config.ts';
import { rewriteSiteLiquid } from './jekyll-liquid.ts';
import { type NavEntry, navKey, type PageIndex, readNavigation } from './jekyll-nav.ts';
import type { FileCopy, MigrationPlan, PageCopy } from './model.ts';
import { movedPages, type NavNode, pageCopies, pagesOf, placeNavTree } from './nav-placement.ts';
import { addPageTitles, frontMatterOf } from './page-titles.ts';
import { listSourceFiles } from './source-files.ts';

const MARKDOWN = /\.(md|markdown|mkd|mkdn|mdown)$/i;
// Files a browser loads as they are: published at their address (static/), never as content.
const SITE_FILE = /\.(html?|js|mjs|css|xml|json|txt|webmanifest)$/i;
// What Jekyll never publishes besides names starting with "_", "." or "#" (Jekyll's default exclude).
const JEKYLL_EXCLUDE = ['Gemfile', 'Gemfile.lock', 'gemfiles', 'node_modules', 'vendor/bundle', 'vendor/cache', 'vendor/gems', 'vendor/ruby', '_site'];
// Site machinery beside the pages: Ruby, the bundler's files, YAML settings, Sass the theme compiles.
const MACHINERY = /(^|\/)(Gemfile[^/]*|Rakefile|CNAME)$|\.(rb|gemspec|lock|ya?ml|scss|sass)$/i;

export async function readJekyll(sourceDir: string): Promise<MigrationPlan> {
  const plan: MigrationPlan = { generator: 'jekyll', config: {}, pages: [], categories: [], files: [], carried: {}, problems: [] };
  const read = readJekyllConfig(sourceDir, plan.problems, plan.carried);
  if ('problem' in read) {
    plan.problems.push(read.problem);
    return plan;
  }
  const { ctx } = read;
  if (!ctx.file) {
    plan.problems.push({
      file: '_config.yml',
      message: 'There is no _config.yml: the pages were read with Jekyll\'s defaults (each page at /a/b.html, which helpgen also answers at /a/b; the site served from "/"; its title taken from the home page)',
      fix: 'Migrate from the folder that holds _config.yml if the site has one; otherwise set the title, url and baseUrl in help.config.ts.',
    });
  }
  const folderStyle = folderUrls(ctx);
  const { sources, others } = await siteFiles(ctx, sourceDir);
  const urls = pageUrls(ctx, sourceDir, sources, folderStyle, plan);
  plan.config = jekyllSiteConfig(ctx, frontMatterOf(readText(sourceDir, [...urls].find(([, url]) => url === '/')?.[0])), basename(sourceDir));
  const byKey = new Map([...urls].map(([source, url]) => [navKey(url, '/'), source]));
  const index: PageIndex = { sourceOf: (key) => byKey.get(key), urlOf: (source) => urls.get(source)! };
  const navigation = readNavigation(sourceDir, headerPages(ctx, sourceDir, urls), index, plan.config.baseUrl!, plan.problems);
  placePages(plan, sourceDir, urls, navigation.tree, folderStyle);
  if (navigation.navbar.length) {
    plan.config.navbar = { items: [...navigation.navbar, { type: 'search', position: 'right' }] };
    count(ctx, 'navbar links', navigation.navbar.length);
  }
  if (navigation.tree.length && !pagesOf(navigation.tree).includes(byKey.get('/') ?? '')) {
    // The navigation does not list the home page: nor does the sidebar (the navbar's title links it).
    plan.config.docs = { sidebar: { home: false } };
  }
  if (!navigation.tree.length) {
    plan.problems.push({ file: navigation.file ?? '_data/navigation.yml', message: 'No navigation file lists the pages in order (_data/navigation.yml with lists of children), so the sidebar falls back to the folder order: folders and pages by name, each page by its title', fix: 'Order the sidebar with sidebar_position in the pages\' front matter and _category_.json files in content/ (docs/markdown.md).' });
  }
  carryFrontMatter(ctx, plan, sourceDir);
  for (const page of plan.pages) {
    const liquid = rewriteSiteLiquid(readText(sourceDir, page.from));
    if (liquid.count) page.text = liquid.text;
    count(ctx, 'Liquid links and site names rewritten', liquid.count);
  }
  plan.files = copiedFiles(ctx, sourceDir, others);
  count(ctx, 'files', plan.files.length);
  return plan;
}

function readText(sourceDir: string, file: string | undefined): string {
  return file ? readFileSync(join(sourceDir, file), 'utf8') : '';
}

/** The files Jekyll publishes: none whose name starts with "_", "." or "#", none `exclude` names, unless `include` does. */
async function siteFiles(ctx: JekyllContext, sourceDir: string): Promise<{ sources: string[]; others: string[] }> {
  const list = (key: string) => (Array.isArray(ctx.data[key]) ? (ctx.data[key] as unknown[]).filter((p): p is string => typeof p === 'string').map((p) => p.replace(/^\/+|\/+$/g, '')) : []);
  const include = list('include');
  const excluded = [...JEKYLL_EXCLUDE, ...list('exclude')].flatMap((p) => [p, `${p}/**`]);
  const { pages, others, links } = await listSourceFiles(sourceDir, excluded);
  for (const link of links) ctx.problems.push({ file: link, message: 'This is a symbolic link, which the migration never follows or copies (it could lead outside the site)', fix: 'Copy the file it points to into the new site\'s content/ or static/ folder if it belongs to the site.' });
  const hidden = (path: string) => path.split('/').some((part, i, parts) => /^[_#]|~$/.test(part) && !include.includes(parts.slice(0, i + 1).join('/')) && !include.includes(part));
  for (const folder of new Set([...pages, ...others].map((p) => p.split('/')[0]!).filter((p) => p === '_posts' || p === '_drafts'))) {
    ctx.problems.push({ file: `${folder}/`, message: `The blog posts in ${folder}/ are not carried over: helpgen builds help pages, not a blog`, fix: 'Copy the posts that belong in the help centre into content/ as pages.' });
  }
  const all = [...pages, ...others].filter((p) => !hidden(p));
  return { sources: all.filter((p) => MARKDOWN.test(p)), others: all.filter((p) => !MARKDOWN.test(p)) };
}

/** "a/b.md" → "/a/b" (written to a/b.html) or "/a/b/" (pretty); index.md, and README.md without one, → "/a/". */
export function jekyllUrl(path: string, folderStyle: boolean, readmeIsIndex = false): string {
  const name = path.replace(MARKDOWN, '');
  const base = posix.basename(name);
  if (base === 'index' || (readmeIsIndex && base === 'README')) return `/${name.slice(0, -base.length)}`;
  return folderStyle ? `/${name}/` : `/${name}`;
}

/** Each page's address: its own permalink, else Jekyll's. Pages with published: false are left out. */
function pageUrls(ctx: JekyllContext, sourceDir: string, sources: string[], folderStyle: boolean, plan: MigrationPlan): Map<string, string> {
  const urls = new Map<string, string>();
  const hasIndex = (dir: string) => sources.some((s) => posix.dirname(s) === dir && /^index\./.test(posix.basename(s)));
  for (const source of sources) {
    const matter = frontMatterOf(readText(sourceDir, source));
    if (matter.published === false) {
      plan.problems.push({ file: source, line: 1, message: 'The page has published: false, so Jekyll does not publish it; it is not migrated', fix: 'Nothing to do; copy it into content/ with draft: true if it is still being written.' });
      continue;
    }
    // GitHub Pages (jekyll-readme-index) publishes README.md as its folder's page when no index is beside it.
    const readmeIndex = /^README\./i.test(posix.basename(source)) && !hasIndex(posix.dirname(source));
    urls.set(source, permalinkOf(ctx, source, matter.permalink) ?? jekyllUrl(source, folderStyle, readmeIndex));
  }
  return urls;
}

/** A page's `permalink` as an address ("/start/", "/a/b.html" → "/a/b"); one with :placeholders is reported and left out. */
function permalinkOf(ctx: JekyllContext, source: string, permalink: unknown): string | undefined {
  if (typeof permalink !== 'string' || permalink.trim() === '') return undefined;
  const value = permalink.trim();
  if (value.includes(':')) {
    ctx.problems.push({ file: source, line: 1, message: `The permalink "${value}" has placeholders, which helpgen does not fill; the page keeps Jekyll's default address instead`, fix: 'Write the address out in full as the page\'s slug in content/.' });
    return undefined;
  }
  return `/${value.replace(/^\/+/, '')}`.replace(/\/index\.html?$/, '/').replace(/\.html?$/, '');
}

/** Minima's header_pages: the files the header links, each by its title. */
function headerPages(ctx: JekyllContext, sourceDir: string, urls: Map<string, string>): NavEntry[] {
  const files = Array.isArray(ctx.data.header_pages) ? ctx.data.header_pages.filter((p): p is string => typeof p === 'string') : [];
  return files.flatMap((file) => {
    const url = urls.get(file);
    if (!url) {
      report(ctx, file, `header_pages names ${file}, which is no page of the site`, 'Nothing to do: the old header left it out too.');
      return [];
    }
    const text = readText(sourceDir, file);
    const matter = frontMatterOf(text);
    return [{ label: typeof matter.title === 'string' ? matter.title : (titleFromMarkdown(text) ?? file), target: url }];
  });
}

function placePages(plan: MigrationPlan, sourceDir: string, urls: Map<string, string>, tree: NavNode[], folderStyle: boolean): void {
  const input = { tree, urls, helpgenUrl: (to: string) => jekyllUrl(to, folderStyle, true) };
  const placement = placeNavTree(input);
  plan.pages = pageCopies('', input, placement).map((page) => ({ ...page, to: page.to.replace(MARKDOWN, '.md') }));
  plan.categories = placement.categories;
  // The home page often has no heading (its layout shows the site's name): it is named by the site.
  addPageTitles(sourceDir, plan.pages, (page) => (urls.get(page.from) === '/' ? plan.config.title : undefined));
  plan.carried.pages = plan.pages.length;
  const moved = movedPages(plan, '');
  if (moved) plan.carried['pages moved into their section (address kept)'] = moved;
  if (plan.categories.length) plan.carried['sidebar categories'] = plan.categories.length;
  for (const link of placement.links) plan.problems.push({ file: '_data/navigation.yml', message: `The sidebar link "${link.label}" leads to another site; helpgen's sidebar lists the site's own pages`, fix: 'Add it to navbar.items or footer.links in help.config.ts if readers need it.' });
  if (!tree.length) return;
  // The navigation left these out, so the theme's sidebar did: sidebar_hidden keeps them out
  // of helpgen's (the home page is left to docs.sidebar.home).
  for (const page of plan.pages) {
    if (placement.pages.has(page.from) || urls.get(page.from) === '/') continue;
    page.frontMatter.sidebar_hidden = true;
    plan.problems.push({ file: page.from, line: 1, message: `${page.from} is in no list of the navigation, so it is kept out of the sidebar as in the Jekyll site (sidebar_hidden: true); it is still built at its address, where links find it`, fix: 'Nothing to do; to list it in the sidebar, remove sidebar_hidden from its front matter and give it a sidebar_position.' });
  }
}

/** nav_order (Just the Docs) orders the sidebar, nav_exclude hides a page from it; redirect_from is kept; redirect_to is reported. */
function carryFrontMatter(ctx: JekyllContext, plan: MigrationPlan, sourceDir: string): void {
  for (const page of plan.pages) {
    const matter = frontMatterOf(readText(sourceDir, page.from));
    if (typeof matter.nav_order === 'number' && page.frontMatter.sidebar_position === undefined) page.frontMatter.sidebar_position = matter.nav_order;
    // Just the Docs' nav_exclude: built, but not in the navigation.
    if (matter.nav_exclude === true) page.frontMatter.sidebar_hidden = true;
    const redirects = Array.isArray(matter.redirect_from) ? matter.redirect_from.length : typeof matter.redirect_from === 'string' ? 1 : 0;
    count(ctx, 'redirects (redirect_from)', redirects);
    if (matter.redirect_to !== undefined) plan.problems.push(redirectTo(page));
  }
}

function redirectTo(page: PageCopy) {
  return { file: page.from, line: 1, message: 'The page has redirect_to: Jekyll published a page that sends readers elsewhere; helpgen publishes its text instead', fix: 'Delete the page and add its address to redirects in help.config.ts if it leads to a page of the site, or to your host\'s rules if it leads elsewhere.' };
}

/** Images and downloads stay beside the pages (content/); what a browser loads as it is goes to static/; Jekyll's own files are left. */
function copiedFiles(ctx: JekyllContext, sourceDir: string, others: string[]): FileCopy[] {
  const files: FileCopy[] = [];
  const liquid: string[] = [];
  for (const file of others) {
    if (MACHINERY.test(file)) continue;
    // A file with front matter is rendered by Jekyll (Liquid, a layout): an HTML page, a feed, a stylesheet.
    if (hasFrontMatter(join(sourceDir, file))) {
      liquid.push(file);
      continue;
    }
    files.push({ from: file, to: SITE_FILE.test(file) ? `static/${file}` : `content/${file}` });
  }
  if (liquid.length) ctx.problems.push({ file: liquid[0]!, line: 1, message: `${liquid.length} file(s) that Jekyll renders with Liquid and a layout (${liquid.slice(0, 3).join(', ')}${liquid.length > 3 ? ', …' : ''}) are not carried over: only markdown pages are`, fix: 'Write what they show as markdown pages in content/; helpgen writes its own sitemap.xml, search page and 404 page.' });
  return files;
}

/** Whether a file starts with "---" and a line break, read from its first bytes only (it may be a large image). */
function hasFrontMatter(path: string): boolean {
  const head = Buffer.alloc(5);
  const fd = openSync(path, 'r');
  try {
    const n = readSync(fd, head, 0, 5, 0);
    return /^---\r?\n/.test(head.subarray(0, n).toString('latin1'));
  } finally {
    closeSync(fd);
  }
}
