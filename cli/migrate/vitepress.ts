// Reads a VitePress site (.vitepress/config.*, its srcDir and public/) into a MigrationPlan.
// VitePress gives "guide/a.md" the address "/guide/a.html", or "/guide/a" with cleanUrls: with
// pageFiles "html" helpgen writes guide/a.html, which answers both, and "/guide/" stays
// guide/index.html. README.md is no folder page in VitePress, so it keeps "/guide/README".
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { FileCopy, MigrationPlan, MigrationProblem } from './model.ts';
import { addPageTitles, frontMatterOf as matterOfText } from './page-titles.ts';
import { movedPages, type NavNode, pageCopies, pagesOf, placeNavTree } from './nav-placement.ts';
import { escapeRegExp, folderInside, lineOf, listSourceFiles } from './source-files.ts';
import { type LoadedVitepressConfig, loadVitepressConfig } from './vitepress-config.ts';
import { sidebarTree } from './vitepress-nav.ts';
import { vitepressSiteConfig } from './vitepress-site.ts';
import { rewriteRule } from './vitepress-rewrites.ts';

// Code beside the pages (Vue components, scripts, styles) is the theme's, not content.
const CODE_FILE = /\.(vue|[cm]?[jt]sx?|css|scss|sass|less|styl)$/i;

export async function readVitepress(sourceDir: string): Promise<MigrationPlan> {
  const plan: MigrationPlan = { generator: 'vitepress', config: {}, pages: [], categories: [], files: [], carried: {}, problems: [] };
  const loaded = await loadVitepressConfig(sourceDir);
  let config: Record<string, unknown> = {};
  let at: (key: string) => MigrationProblem = (key) => ({ file: '.vitepress/config', message: key, fix: '' });
  if (loaded === undefined) {
    plan.problems.push({
      file: '.vitepress/config.ts',
      message: 'There is no .vitepress/config.{js,ts,mjs,mts}, so nothing names the sidebar\'s pages, order or labels (themeConfig.sidebar): the sidebar falls back to the folder order, folders and pages by name, each page by its title. No navbar, footer or search settings came over either, and the site is served from "/" (VitePress\' defaults)',
      fix: 'Migrate from the folder that holds .vitepress/ if the site has one; otherwise order the sidebar with sidebar_position in the pages\' front matter and _category_.json files, and set the url and navbar in help.config.ts.',
    });
  } else if ('error' in loaded) {
    plan.problems.push({ file: loaded.file ?? '.vitepress/config.ts', line: loaded.line, column: loaded.column, message: `The VitePress config cannot be read: ${loaded.error}`, fix: 'Fix the config so that `vitepress build` reads it, then run the migration again.' });
    return plan;
  } else {
    config = loaded.config;
    at = (key) => problemAt(loaded, key);
    for (const { name, line } of loaded.stubbed) {
      // VitePress itself (defineConfig, its default theme's types) and Vite's helpers add nothing to carry.
      if (/^(vitepress|vite)(\/|$)/.test(name)) continue;
      plan.problems.push({ file: loaded.file, line, message: `The config imports "${name}", which the migration does not install or run; what it adds to the site is not carried over`, fix: 'Check the pages that rely on it (a plugin\'s markup, a theme component) in the new site.' });
    }
  }
  const report = (key: string, message: string, fix: string) => plan.problems.push({ ...at(key), message, fix });
  const srcDir = folderInside(typeof config.srcDir === 'string' ? config.srcDir : '.');
  if (srcDir === undefined) {
    report('srcDir', `srcDir "${String(config.srcDir)}" is not a folder inside the source folder, so no page was read`, 'Migrate from the folder that holds both .vitepress/ and the pages.');
    return plan;
  }
  const root = join(sourceDir, srcDir);
  const exclude = Array.isArray(config.srcExclude) ? config.srcExclude.filter((p): p is string => typeof p === 'string') : [];
  const { pages, others, links } = await listSourceFiles(root, exclude);
  const prefix = (p: string) => (srcDir ? `${srcDir}/${p}` : p);

  for (const link of links) plan.problems.push({ file: prefix(link), message: 'This is a symbolic link, which the migration never follows or copies (it could lead outside the site)', fix: 'Copy the file it points to into the new site\'s content/ or static/ folder if it belongs to the site.' });
  const urls = new Map<string, string>();
  const rewrite = rewriteRule(config.rewrites);
  for (const page of pages.filter((p) => !p.startsWith('public/'))) urls.set(page, vitepressUrl(rewrite(page)));
  if (rewrite.count) count(plan, 'rewrites', rewrite.count);
  const homeMatter = frontMatterOf(join(root, 'index.md'));
  plan.config = vitepressSiteConfig(config, homeMatter, plan, report);

  const byKey = new Map([...urls].map(([source, url]) => [url, source]));
  const themeConfig = (config.themeConfig ?? {}) as Record<string, unknown>;
  const { tree, unknown } = sidebarTree(themeConfig.sidebar, themeConfig.nav, (key) => byKey.get(key));
  for (const link of unknown) report(link, `The sidebar links to ${link}, which is no page of the site`, 'Nothing to do: VitePress showed a dead link there. Fix the link in the new page if it was meant to lead somewhere.');
  leaveHomeOutOfSidebar(plan, tree, byKey.get('/'));
  const input = { tree, urls, helpgenUrl: (to: string) => vitepressUrl(to, true) };
  const placement = placeNavTree(input);
  plan.pages = pageCopies(srcDir, input, placement);
  plan.categories = placement.categories;
  keepUnlistedPagesOutOfSidebar(plan, srcDir, tree, placement.pages, byKey.get('/'));
  // A home page (layout: home) has no heading: its hero names it.
  addPageTitles(sourceDir, plan.pages, (_page, matter) => {
    const hero = matter.hero as { name?: unknown; text?: unknown } | undefined;
    return typeof hero?.name === 'string' ? hero.name : typeof hero?.text === 'string' ? hero.text : undefined;
  });
  count(plan, 'pages', plan.pages.length);
  count(plan, 'pages moved into their section (address kept)', movedPages(plan, srcDir));
  count(plan, 'sidebar categories', plan.categories.length);
  for (const link of placement.links) report(link.href, `The sidebar link "${link.label}" leads to another site; helpgen's sidebar lists the site's own pages`, 'Add it to navbar.items or footer.links in help.config.ts if readers need it.');
  for (const page of plan.pages) {
    const matter = frontMatterOf(join(sourceDir, page.from));
    if (matter.layout === 'home' || matter.layout === 'page') plan.problems.push({ file: page.from, line: 1, message: `The page has layout: ${String(matter.layout)}; helpgen shows it as an ordinary page${matter.hero || matter.features ? ', without its hero and feature blocks (front matter)' : ''}`, fix: 'Write the home page\'s text in markdown: its hero text and features as a heading, a paragraph and links.' });
  }
  reportVueInPages(plan, sourceDir);
  plan.files = copiedFiles(others, prefix, plan);
  count(plan, 'files', plan.files.length);
  return plan;
}

/** Pages that import Vue components render them in VitePress only: one line for all of them. */
function reportVueInPages(plan: MigrationPlan, sourceDir: string): void {
  const withVue = plan.pages.filter((page) => /<script\s+setup/.test(readFileSync(join(sourceDir, page.from), 'utf8')));
  if (!withVue.length) return;
  const names = withVue.slice(0, 3).map((p) => p.from).join(', ');
  plan.problems.push({ file: withVue[0]!.from, message: `${withVue.length} page(s) import Vue components in <script setup> (${names}${withVue.length > 3 ? ', …' : ''}); helpgen leaves the scripts out and renders markdown, not Vue`, fix: 'The build reports each component tag it cannot show: replace them with markdown, or with helpgen\'s own components (docs/markdown.md).' });
}

/**
 * VitePress lists in its sidebar only what themeConfig.sidebar names, and a home page (layout:
 * home, at "/") seldom is: helpgen's sidebar would lead with it. Left out, the navbar's title
 * still links it, as in VitePress.
 */
function leaveHomeOutOfSidebar(plan: MigrationPlan, tree: NavNode[], home: string | undefined): void {
  if (home === undefined || pagesOf(tree).includes(home)) return;
  plan.config.docs = { ...plan.config.docs, sidebar: { ...plan.config.docs?.sidebar, home: false } };
}

/**
 * VitePress lists in its sidebar only the pages themeConfig.sidebar names; the others are built
 * and reached by links and search. sidebar_hidden keeps them so (the home page is left to
 * leaveHomeOutOfSidebar). Without a sidebar there is nothing to match: the folders order it.
 */
function keepUnlistedPagesOutOfSidebar(plan: MigrationPlan, srcDir: string, tree: NavNode[], placed: Map<string, unknown>, home: string | undefined): void {
  if (!pagesOf(tree).length) return;
  const unlisted = plan.pages.filter((page) => {
    const source = srcDir ? page.from.slice(srcDir.length + 1) : page.from;
    return !placed.has(source) && source !== home;
  });
  if (!unlisted.length) return;
  for (const page of unlisted) page.frontMatter.sidebar_hidden = true;
  count(plan, 'pages kept out of the sidebar, as themeConfig.sidebar leaves them out', unlisted.length);
  const names = unlisted.slice(0, 3).map((p) => p.from).join(', ');
  plan.problems.push({ file: unlisted[0]!.from, line: 1, message: `${unlisted.length} page(s) that themeConfig.sidebar does not list (${names}${unlisted.length > 3 ? ', …' : ''}) are kept out of the sidebar as in VitePress (sidebar_hidden: true); each is still built at its address, where links find it`, fix: 'Nothing to do; to list one in the sidebar, remove sidebar_hidden from its front matter and give it a sidebar_position.' });
}

function count(plan: MigrationPlan, what: string, n: number): void {
  if (n > 0) plan.carried[what] = (plan.carried[what] ?? 0) + n;
}

/** The address of a page path without .md: "guide/a.md" → "/guide/a", "guide/index.md" → "/guide/". helpgen reads README.md as a folder's page too. */
export function vitepressUrl(path: string, readmeIsIndex = false): string {
  const name = path.replace(/\.md$/i, '');
  const base = posix.basename(name);
  if (base === 'index' || (readmeIsIndex && base === 'README')) return `/${name.slice(0, -base.length)}`;
  return `/${name}`;
}

/** public/ is served at the site's root (static/); images beside pages go with them (content/); theme code is left out. */
function copiedFiles(others: string[], prefix: (p: string) => string, plan: MigrationPlan): FileCopy[] {
  const code = others.filter((f) => !f.startsWith('public/') && CODE_FILE.test(f));
  if (code.length) plan.problems.push({ file: prefix(code[0]!), message: `${code.length} file(s) of code beside the pages (Vue components, scripts, styles, such as ${code.slice(0, 3).join(', ')}) are not copied: helpgen pages cannot import them`, fix: 'Replace the components the pages use with markdown, or with helpgen\'s own components (docs/markdown.md).' });
  return others.filter((f) => f.startsWith('public/') || !CODE_FILE.test(f)).map((f) => ({ from: prefix(f), to: f.startsWith('public/') ? `static/${f.slice('public/'.length)}` : `content/${f}` }));
}

function frontMatterOf(file: string): Record<string, unknown> {
  return existsSync(file) ? matterOfText(readFileSync(file, 'utf8')) : {};
}

/** Where a setting is written: its key, or the text it holds, in the config or a file it imports. */
function problemAt(loaded: LoadedVitepressConfig, key: string): MigrationProblem {
  const last = key.split('/').filter(Boolean).at(-1);
  const patterns = [new RegExp(`(^|[\\s{,'"])${escapeRegExp(key)}(['"]?\\s*:|['"])`), new RegExp(`['"]${escapeRegExp(key)}['"]`), ...(last ? [new RegExp(`['"][^'"]*${escapeRegExp(last)}(\\.md|\\.html)?['"]`)] : [])];
  for (const pattern of patterns) {
    for (const { file, text } of [{ file: loaded.file, text: loaded.text }, ...loaded.modules]) {
      const line = lineOf(text, pattern);
      if (line) return { file, line, message: '', fix: '' };
    }
  }
  return { file: loaded.file, message: '', fix: '' };
}
