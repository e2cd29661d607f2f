// mdBook → helpgen. book.toml gives the title, description, site-url (the base path), the
// repository and edit links, the favicon and the redirects; SUMMARY.md is copied as it is,
// since helpgen reads it natively as the sidebar (../source/mdbook-summary.ts). Pages keep
// their URLs: mdBook publishes src/a/b.md as /a/b.html, and `trailingSlash: false` with
// `pageFiles: 'html'` writes helpgen's /a/b as a/b.html too. README.md is a folder's index.html
// in both. Other files under src/ keep their URLs through static/.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseSummary, type SummaryEntry } from '../source/mdbook-summary.ts';
import { titleFromMarkdown } from '../source/page-title.ts';
import type { UserConfig } from '../config/define.ts';
import { folderDefaults } from '../config/load.ts';
import type { FileCopy, MigrationPlan, MigrationProblem, PageCopy } from './model.ts';
import { isMarkdown, lineOf, listFiles } from './source-files.ts';

type Table = Record<string, unknown>;
const table = (value: unknown): Table => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function readBookToml(sourceDir: string, problems: MigrationProblem[]): { book: Table; source: string } {
  const path = join(sourceDir, 'book.toml');
  if (!existsSync(path)) {
    problems.push({
      file: 'book.toml',
      message: 'there is no book.toml, so the title, base path and links come from defaults',
      fix: 'Set title, url and baseUrl in help.config.ts by hand.',
    });
    return { book: {}, source: '' };
  }
  const source = readFileSync(path, 'utf8');
  try {
    return { book: parseToml(source) as Table, source };
  } catch (error) {
    const { line, column } = error as { line?: number; column?: number };
    problems.push({ file: 'book.toml', line, column, message: `book.toml is not valid TOML (${(error as Error).message.split('\n')[0]})`, fix: 'Fix book.toml (mdbook build names the same place) and migrate again.' });
    return { book: {}, source };
  }
}

/** mdBook's site-url as helpgen's baseUrl: a path starting and ending with "/". */
function basePath(siteUrl: string | undefined): string {
  if (!siteUrl) return '/';
  const path = siteUrl.replace(/^https?:\/\/[^/]+/, '');
  return `/${path.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}

/** An old mdBook address ("/old/page.html") as a route helpgen serves as page.html. */
const route = (href: string) => href.replace(/\.html$/, '').replace(/\/index$/, '/');

function redirectsOf(html: Table, source: string, problems: MigrationProblem[]): NonNullable<UserConfig['redirects']> {
  const redirects: NonNullable<UserConfig['redirects']> = [];
  for (const [from, to] of Object.entries(table(html.redirect))) {
    if (typeof to !== 'string') continue;
    if (/^[a-z]+:\/\//i.test(to)) {
      problems.push({ file: 'book.toml', line: lineOf(source, from), message: `the redirect from ${from} leads to another site (${to})`, fix: 'Set it up on your host (a _redirects line, an nginx rule): helpgen redirects lead to pages of the site.' });
      continue;
    }
    // mdBook resolves the target relative to the old page's folder.
    const [path = '', hash] = to.split('#');
    const target = path.startsWith('/') ? path : posix.join(posix.dirname(from), path);
    redirects.push({ from: route(from), to: `${route(target)}${hash ? `#${hash}` : ''}` });
  }
  return redirects;
}

function reportUnread(book: Table, source: string, problems: MigrationProblem[]): void {
  for (const name of Object.keys(table(book.preprocessor))) {
    if (name === 'links' || name === 'index') continue; // what helpgen does itself: includes, README as index
    problems.push({ file: 'book.toml', line: lineOf(source, `[preprocessor.${name}`), message: `the "${name}" preprocessor is not run (helpgen runs no mdBook plugins)`, fix: `Check the pages that use ${name}'s markup and rewrite it as helpgen markdown (docs/markdown.md).` });
  }
  const html = table(table(book.output).html);
  for (const key of ['additional-css', 'additional-js', 'theme', 'mathjax-support']) {
    if (html[key] === undefined) continue;
    problems.push({ file: 'book.toml', line: lineOf(source, new RegExp(`^\\s*${key}\\s*=`)), message: `output.html.${key} is not carried over (helpgen has its own theme)`, fix: 'Leave it out, or add what it did through help.config.ts (scripts) or static/ files.' });
  }
}

/**
 * What a chapter's copy needs: its SUMMARY.md title; and for a folder's README.md (mdBook's
 * usage/index.html; helpgen's would be usage.html) that address as its slug.
 */
function chapterFrontMatter(file: string, title: string | undefined): Record<string, unknown> {
  const frontMatter: Record<string, unknown> = {};
  if (title) frontMatter.title = title;
  const folder = posix.dirname(file);
  if (folder !== '.' && /^(?:readme|index)\.md$/i.test(posix.basename(file))) frontMatter.slug = `/${folder}/index`;
  return frontMatter;
}

/**
 * A book without README.md: mdBook shows its first chapter at index.html too. helpgen publishes a
 * page once, so the first chapter becomes the home page and its own address a redirect to it.
 */
function firstChapterAsHome(pages: PageCopy[], titles: Map<string, string>, srcPrefix: string, problems: MigrationProblem[]): void {
  if (pages.some((p) => /^(?:readme|index)\.md$/i.test(p.to))) return;
  const [firstFile] = titles.keys();
  const first = pages.find((p) => p.to === firstFile);
  if (!first) return;
  first.frontMatter.slug = '/';
  first.frontMatter.redirect_from = [`/${first.to.replace(/\.md$/, '')}`];
  problems.push({
    file: first.from,
    message: `the book has no README.md, so its first chapter is the home page (as mdBook shows it at index.html); its own address ${first.to.replace(/\.md$/, '.html')} redirects there`,
    fix: `Nothing to do; or add ${srcPrefix}README.md as the home page and remove "slug: /" from the chapter's front matter.`,
  });
}

/**
 * mdBook publishes only the chapters SUMMARY.md lists; helpgen would list the others after them.
 * They are copied (a writer's page is never dropped) with sidebar_hidden, so the sidebar is the
 * book's, and reported in one line: publishing them is new.
 */
function keepUnlistedChaptersOutOfSidebar(pages: PageCopy[], titles: Map<string, string>, problems: MigrationProblem[]): void {
  const unlisted = pages.filter((page) => !titles.has(page.to));
  if (!unlisted.length) return;
  for (const page of unlisted) page.frontMatter.sidebar_hidden = true;
  const names = unlisted.slice(0, 3).map((p) => p.from).join(', ');
  problems.push({
    file: unlisted[0]!.from,
    message: `${unlisted.length} page(s) that SUMMARY.md does not list (${names}${unlisted.length > 3 ? ', …' : ''}), which mdBook does not publish, are kept out of the sidebar (sidebar_hidden: true) but published at their addresses`,
    fix: 'List each in SUMMARY.md to give it a place in the sidebar, or add it to docs.exclude in help.config.ts if it should stay unpublished.',
  });
}

/** A chapter's first heading: mdBook's title for a page that SUMMARY.md does not name. */
function headingOf(path: string): string | undefined {
  return titleFromMarkdown(readFileSync(path, 'utf8'));
}

/** The label SUMMARY.md gives each chapter, by its path under src/. */
function summaryTitles(sourceDir: string, srcPrefix: string, files: string[], problems: MigrationProblem[]): Map<string, string> {
  const titles = new Map<string, string>();
  if (!files.includes('SUMMARY.md')) return titles;
  const pages = new Set(files.filter(isMarkdown));
  const text = readFileSync(join(sourceDir, `${srcPrefix}SUMMARY.md`), 'utf8');
  const entries = parseSummary(text, `${srcPrefix}SUMMARY.md`, (rel) => pages.has(rel), (d) =>
    problems.push({ file: `${srcPrefix}SUMMARY.md`, line: d.position?.line, message: d.message, fix: d.hint ?? 'Correct the entry in content/SUMMARY.md.' }),
  );
  const visit = (list: SummaryEntry[]) => {
    for (const entry of list) {
      if (entry.relPath && !titles.has(entry.relPath)) titles.set(entry.relPath, entry.title.replace(/\\(.)/g, '$1'));
      visit(entry.children);
    }
  };
  visit(entries);
  return titles;
}

export async function readMdbook(sourceDir: string): Promise<MigrationPlan> {
  const problems: MigrationProblem[] = [];
  const { book, source } = readBookToml(sourceDir, problems);
  const meta = table(book.book);
  const html = table(table(book.output).html);
  // Without book.toml, a SUMMARY.md at the top says the pages are there (not in src/).
  const srcDir = text(meta.src) ?? (existsSync(join(sourceDir, 'src', 'SUMMARY.md')) || !existsSync(join(sourceDir, 'SUMMARY.md')) ? 'src' : '.');
  const srcPrefix = srcDir === '.' ? '' : `${srcDir.replace(/\/+$/, '')}/`;
  const files = listFiles(join(sourceDir, srcDir), ['**/*']);

  const titles = summaryTitles(sourceDir, srcPrefix, files, problems);
  // mdBook titles a chapter with its SUMMARY.md label; helpgen with front matter `title`.
  const pages: PageCopy[] = files
    .filter((f) => isMarkdown(f) && f !== 'SUMMARY.md')
    .map((f) => ({ from: srcPrefix + f, to: f, frontMatter: chapterFrontMatter(f, titles.get(f) ?? headingOf(join(sourceDir, srcPrefix + f))) }));
  firstChapterAsHome(pages, titles, srcPrefix, problems);
  const copies: FileCopy[] = [];
  // helpgen reads content/SUMMARY.md as the sidebar; its scan still wants a title in it.
  if (files.includes('SUMMARY.md')) {
    keepUnlistedChaptersOutOfSidebar(pages, titles, problems);
    pages.push({ from: `${srcPrefix}SUMMARY.md`, to: 'SUMMARY.md', frontMatter: { title: 'Summary' } });
  }
  else problems.push({ file: `${srcPrefix}SUMMARY.md`, message: 'there is no SUMMARY.md, so the sidebar follows the folders', fix: 'Order the pages with sidebar_position front matter or _category_.json files.' });
  const others = files.filter((f) => !isMarkdown(f));
  // Beside the pages for the links they hold, and in static/ at the address mdBook gave them.
  for (const f of others) copies.push({ from: srcPrefix + f, to: `content/${f}` }, { from: srcPrefix + f, to: `static/${f}` });

  // Without a title in book.toml: SUMMARY.md's heading when it names the book, else the folder's name.
  const summaryHeading = files.includes('SUMMARY.md') ? titleFromMarkdown(readFileSync(join(sourceDir, `${srcPrefix}SUMMARY.md`), 'utf8')) : undefined;
  const config: UserConfig = { title: text(meta.title) ?? (summaryHeading && !/^(?:summary|table of contents)$/i.test(summaryHeading) ? summaryHeading : folderDefaults(sourceDir).title) };
  if (text(meta.description)) config.tagline = text(meta.description);
  if (text(html['site-url']) && !/^\/?$/.test(String(html['site-url']))) config.baseUrl = basePath(text(html['site-url']));
  else config.baseUrl = '/';
  config.trailingSlash = false;
  config.pageFiles = 'html';
  const favicon = ['favicon.svg', 'favicon.png'].find((name) => existsSync(join(sourceDir, 'theme', name)));
  if (favicon) {
    copies.push({ from: `theme/${favicon}`, to: `static/${favicon}` });
    config.favicon = `${config.baseUrl}${favicon}`;
  }
  const editTemplate = text(html['edit-url-template']);
  if (editTemplate?.endsWith('{path}')) config.editUrl = `${editTemplate.slice(0, -'{path}'.length)}${srcPrefix}`.replace(/\/$/, '');
  else if (editTemplate) problems.push({ file: 'book.toml', line: lineOf(source, 'edit-url-template'), message: 'edit-url-template does not end with {path}', fix: 'Set editUrl in help.config.ts: the address that, followed by a page\'s path under content/, edits it.' });
  const repository = text(html['git-repository-url']);
  config.navbar = { items: [...(repository ? [{ type: 'default' as const, label: 'Git repository', href: repository, position: 'right' as const }] : []), { type: 'search', position: 'right' }] };
  const redirects = redirectsOf(html, source, problems);
  if (redirects.length) config.redirects = redirects;
  // mdBook prints no date and keeps the reader's theme; last-updated lines would be new.
  config.docs = { showLastUpdateTime: false };
  reportUnread(book, source, problems);

  return {
    generator: 'mdbook',
    config,
    pages,
    categories: [],
    files: copies,
    carried: {
      pages: pages.filter((p) => p.to !== 'SUMMARY.md').length,
      'sidebar entries (SUMMARY.md)': titles.size,
      'images and other files': others.length,
      redirects: redirects.length,
      'navbar links': repository ? 1 : 0,
      'edit link': config.editUrl ? 1 : 0,
      favicon: favicon ? 1 : 0,
    },
    problems,
  };
}
