// Reads an MkDocs site (mkdocs.yml, its docs folder and `nav:`) into a MigrationPlan. Pages keep
// the addresses MkDocs gives them: "a/b.md" is "/a/b/" (trailingSlash: true in helpgen) or, with
// use_directory_urls: false, "/a/b.html" (an a/b.html file, pageFiles: "html").
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { UserConfig } from '../config/define.ts';
import { CONFIG_FILE, count, editUrl, footer, keyLine, type MkdocsContext, report, setting, siteAddress } from './mkdocs-config.ts';
import { extras, markdownExtensions, mkdocsUrl, plugins, theme } from './mkdocs-extras.ts';
import { readMkdocsYaml } from './mkdocs-yaml.ts';
import type { FileCopy, MigrationPlan } from './model.ts';
import { addPageTitles } from './page-titles.ts';
import { movedPages, type NavNode, pageCopies, placeNavTree } from './nav-placement.ts';
import { safeHref } from './links.ts';
import { folderInside, lineOf, listSourceFiles } from './source-files.ts';

// Files a browser runs or styles pages with: published as they are (static/), never as content.
const SITE_FILE = /\.(html?|js|mjs|css|xml|json|txt|webmanifest)$/i;

export async function readMkdocs(sourceDir: string): Promise<MigrationPlan> {
  const configPath = ['mkdocs.yml', 'mkdocs.yaml'].map((n) => join(sourceDir, n)).find((p) => existsSync(p));
  const plan: MigrationPlan = { generator: 'mkdocs', config: {}, pages: [], categories: [], files: [], carried: {}, problems: [] };
  if (!configPath) {
    plan.problems.push({ file: CONFIG_FILE, message: 'There is no mkdocs.yml in the source folder', fix: 'Run the migration on the folder that holds mkdocs.yml, or pass --from with the right generator.' });
    return plan;
  }
  const text = readFileSync(configPath, 'utf8');
  const parsed = readMkdocsYaml(text);
  if ('problem' in parsed) {
    plan.problems.push({ file: CONFIG_FILE, line: parsed.problem.line, column: parsed.problem.column, message: `mkdocs.yml cannot be read: ${parsed.problem.message}`, fix: 'Fix the YAML at that line (MkDocs could not read it either) and run the migration again.' });
    return plan;
  }
  const ctx: MkdocsContext = { data: parsed.data, text, problems: plan.problems, carried: plan.carried };
  if (ctx.data.INHERIT !== undefined) report(ctx, 'INHERIT', 'The settings this file inherits (INHERIT) are not read', 'Copy the inherited settings into mkdocs.yml before migrating, or set them in help.config.ts afterwards.');
  const docsDir = folderInside(String(setting(ctx, 'docs_dir') ?? 'docs'));
  if (docsDir === undefined || docsDir === '') {
    const why = docsDir === '' ? 'is the folder of mkdocs.yml itself, which MkDocs does not allow' : 'is not a folder inside the source folder';
    report(ctx, 'docs_dir', `docs_dir "${String(ctx.data.docs_dir)}" ${why}, so no page was read`, 'Migrate from the folder that holds both mkdocs.yml and a docs folder beside it.');
    return plan;
  }
  const useDirectoryUrls = setting(ctx, 'use_directory_urls') !== false;
  plan.config = siteConfig(ctx, sourceDir, docsDir, useDirectoryUrls);
  await readPages(ctx, plan, sourceDir, docsDir, useDirectoryUrls);
  return plan;
}

function siteConfig(ctx: MkdocsContext, sourceDir: string, docsDir: string, useDirectoryUrls: boolean): UserConfig {
  const config: UserConfig = {};
  const name = setting(ctx, 'site_name');
  if (typeof name === 'string' && name.trim()) {
    config.title = name.trim();
    config.product = { name: name.trim(), slug: name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'site' };
    count(ctx, 'title');
  }
  const description = setting(ctx, 'site_description');
  if (typeof description === 'string' && description.trim()) {
    config.tagline = description.trim();
    count(ctx, 'tagline');
  }
  Object.assign(config, siteAddress(ctx));
  // MkDocs' addresses: "/a/b/" for every page, or a/b.html files with use_directory_urls: false.
  if (useDirectoryUrls) config.trailingSlash = true;
  else config.pageFiles = 'html';
  const themed = theme(ctx, sourceDir, docsDir, config.baseUrl!);
  if (themed.favicon) config.favicon = themed.favicon;
  if (themed.announcementBar) config.announcementBar = themed.announcementBar;
  const edit = editUrl(ctx, docsDir);
  if (edit) config.editUrl = edit;
  const foot = footer(ctx);
  if (foot) config.footer = foot;
  const redirects = plugins(ctx);
  if (redirects?.length) config.redirects = redirects;
  const toc = markdownExtensions(ctx);
  if (toc) config.toc = toc;
  const scripts = extras(ctx, config.baseUrl!);
  if (scripts?.length) config.scripts = scripts;
  return config;
}

async function readPages(ctx: MkdocsContext, plan: MigrationPlan, sourceDir: string, docsDir: string, useDirectoryUrls: boolean): Promise<void> {
  const docsPath = join(sourceDir, docsDir);
  if (!existsSync(docsPath)) {
    report(ctx, 'docs_dir', `The docs folder ${docsDir}/ does not exist`, 'Set docs_dir in mkdocs.yml to the folder that holds the pages.');
    return;
  }
  const { pages, others, links } = await listSourceFiles(docsPath);
  for (const link of links) plan.problems.push({ file: `${docsDir}/${link}`, message: 'This is a symbolic link, which the migration never follows or copies (it could lead outside the site)', fix: 'Copy the file it points to into the new site\'s content/ or static/ folder if it belongs to the site.' });
  const urls = new Map<string, string>();
  for (const page of pages) {
    // MkDocs publishes README.md as its folder's page only when there is no index.md beside it.
    if (posix.basename(page) === 'README.md' && pages.includes(posix.join(posix.dirname(page), 'index.md'))) {
      plan.problems.push({ file: `${docsDir}/${page}`, line: 1, message: 'MkDocs leaves this README.md out because index.md is beside it, so it is not migrated', fix: 'Nothing to do, unless it should be a page: then rename it and copy it into content/.' });
      continue;
    }
    urls.set(page, mkdocsUrl(page, useDirectoryUrls));
  }
  const tree = navTree(ctx, setting(ctx, 'nav'), urls, docsDir);
  const helpgenUrl = (to: string) => mkdocsUrl(to, useDirectoryUrls);
  const placement = placeNavTree({ tree: tree ?? [], urls, helpgenUrl });
  plan.pages = pageCopies(docsDir, { tree: tree ?? [], urls, helpgenUrl }, placement);
  plan.categories = placement.categories;
  addPageTitles(sourceDir, plan.pages);
  count(ctx, 'pages', plan.pages.length);
  count(ctx, 'pages moved into their section (address kept)', movedPages(plan, docsDir));
  count(ctx, 'sidebar categories', plan.categories.length);
  for (const repeated of placement.repeated) report(ctx, repeated, `${repeated} is named more than once in nav; helpgen's sidebar lists a page once, where nav first names it`, 'Nothing to do; link to the page from the other place if readers need it there.');
  if (placement.links.length) {
    plan.config.navbar = { items: [...placement.links.map((l) => ({ type: 'default' as const, label: l.label, href: l.href, position: 'left' as const })), { type: 'search', position: 'right' }] };
    count(ctx, 'navbar links', placement.links.length);
    report(ctx, 'nav', `nav links to other sites (${placement.links.map((l) => l.label).join(', ')}) are in the navbar: helpgen's sidebar lists the site's own pages`, 'Nothing to do, unless they belong in the footer: move them to footer.links in help.config.ts.');
  }
  if (tree) keepPagesOutsideNavOutOfSidebar(ctx, plan, docsDir, placement.pages);
  plan.files = otherFiles(docsDir, others, plan.config);
  count(ctx, 'files', plan.files.length);
}

/** `nav:` as a tree; undefined when there is none (MkDocs then lists every page, alphabetically, as helpgen does). */
function navTree(ctx: MkdocsContext, nav: unknown, urls: Map<string, string>, docsDir: string): NavNode[] | undefined {
  if (!Array.isArray(nav)) return undefined;
  const indexes = featureOn(ctx, 'navigation.indexes');
  const convert = (entries: unknown[]): NavNode[] =>
    entries.flatMap((entry): NavNode[] => {
      if (typeof entry === 'string') return [navTarget(ctx, undefined, entry, urls, docsDir)].filter((n): n is NavNode => n !== undefined);
      if (!entry || typeof entry !== 'object') return [];
      return Object.entries(entry).flatMap(([label, value]): NavNode[] => {
        if (typeof value === 'string') return [navTarget(ctx, label, value, urls, docsDir)].filter((n): n is NavNode => n !== undefined);
        if (!Array.isArray(value)) return [];
        const children = convert(value);
        // Material's navigation.indexes: a section's index.md is the section's own page.
        const first = children[0];
        if (indexes && first?.kind === 'page' && /(^|\/)index\.md$/.test(first.source)) return [{ kind: 'section', label, page: first.source, children: children.slice(1) }];
        return [{ kind: 'section', label, children }];
      });
    });
  return convert(nav);
}

function navTarget(ctx: MkdocsContext, label: string | undefined, target: string, urls: Map<string, string>, docsDir: string): NavNode | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) {
    if (safeHref(target)) return { kind: 'link', label: label ?? target, href: target };
    ctx.problems.push({ file: CONFIG_FILE, line: keyLine(ctx.text, 'nav'), message: `The nav link "${label ?? target}" is not a web address or a path, so it is not carried over`, fix: 'Give it an https:// address in navbar.items in help.config.ts if readers need it.' });
    return undefined;
  }
  const source = posix.normalize(target.split('#')[0]!).replace(/^\.\//, '');
  if (urls.has(source)) return { kind: 'page', source, ...(label ? { label } : {}) };
  ctx.problems.push({ file: CONFIG_FILE, line: lineOf(ctx.text, new RegExp(target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))) ?? keyLine(ctx.text, 'nav'), message: `nav names ${target}, which is not a page in ${docsDir}/`, fix: 'Nothing to do: MkDocs skipped it too. Remove it from nav to silence MkDocs\' warning.' });
  return undefined;
}

function featureOn(ctx: MkdocsContext, feature: string): boolean {
  const themeSettings = ctx.data.theme as { features?: unknown } | undefined;
  return Array.isArray(themeSettings?.features) && themeSettings.features.includes(feature);
}

/**
 * MkDocs lists in its navigation only the pages nav names: the others (not_in_nav's too) are
 * built and reachable by links and search alone. sidebar_hidden keeps them so in helpgen; those
 * not_in_nav does not name are reported, as MkDocs warns of them.
 */
function keepPagesOutsideNavOutOfSidebar(ctx: MkdocsContext, plan: MigrationPlan, docsDir: string, placed: Map<string, unknown>): void {
  const notInNav = String(ctx.data.not_in_nav ?? '').split('\n').map((p) => p.trim()).filter(Boolean);
  for (const page of plan.pages) {
    const source = page.from.slice(docsDir.length + 1);
    if (placed.has(source)) continue;
    page.frontMatter.sidebar_hidden = true;
    count(ctx, 'pages kept out of the sidebar, as nav leaves them out', 1);
    if (notInNav.some((pattern) => globMatches(pattern, source))) continue;
    plan.problems.push({ file: page.from, line: 1, message: `${source} is not in nav, so it is kept out of the sidebar as in MkDocs (sidebar_hidden: true); it is still built at its address, where links find it`, fix: 'Nothing to do; to list it in the sidebar, remove sidebar_hidden from its front matter and give it a sidebar_position.' });
  }
}

/** Images and downloads stay beside the pages (content/); files the site serves as they are go to static/. */
function otherFiles(docsDir: string, others: string[], config: UserConfig): FileCopy[] {
  const asIs = new Set([config.favicon, ...(config.scripts ?? []).map((s) => s.src)].filter(Boolean).map((p) => p!.slice(config.baseUrl!.length)));
  return others.map((file) => ({ from: `${docsDir}/${file}`, to: SITE_FILE.test(file) || asIs.has(file) ? `static/${file}` : `content/${file}` }));
}

/** not_in_nav's gitignore-like patterns: "/drafts/*.md" from the docs folder, "*.md" anywhere. */
function globMatches(pattern: string, path: string): boolean {
  const anchored = pattern.startsWith('/');
  const body = pattern.replace(/^\//, '').split('**').map((part) => part.split('*').map((t) => t.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')).join('.*');
  return new RegExp(`${anchored ? '^' : '(^|/)'}${body}$`).test(path);
}
