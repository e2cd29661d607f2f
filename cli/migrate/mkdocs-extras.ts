// mkdocs.yml's plugins, markdown extensions and theme settings: what helpgen does itself, what
// the migration carries over (redirects, Material's announcement block), and what it reports.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { UserConfig } from '../config/define.ts';
import { count, type MkdocsContext, report, setting } from './mkdocs-config.ts';
import { plainText } from './mkdocs-config.ts';

/** `plugins:` and `markdown_extensions:` are lists of names or of one-key mappings. */
export function namedEntries(value: unknown): [string, Record<string, unknown>][] {
  if (Array.isArray(value)) {
    return value.flatMap((item): [string, Record<string, unknown>][] => {
      if (typeof item === 'string') return [[item, {}]];
      if (item && typeof item === 'object') return Object.entries(item).map(([k, v]) => [k, (v ?? {}) as Record<string, unknown>]);
      return [];
    });
  }
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => [k, (v ?? {}) as Record<string, unknown>]);
  return [];
}

// Plugins whose work helpgen does itself, so they need no word in the report.
const BUILT_IN = new Set(['search', 'redirects', 'git-revision-date-localized', 'git-revision-date', 'minify', 'offline', 'privacy', 'optimize', 'social']);

const PLUGIN_FIXES: Record<string, string> = {
  macros: 'Pages with {{ … }} Jinja expressions show them as text: replace them with their values, or with helpgen\'s {{product}} and {{tagline}}.',
  mkdocstrings: 'The ::: identifier blocks that generate API pages stay as text: generate the API reference as markdown before the build.',
  'awesome-pages': 'The .pages files that ordered the sidebar are not read: set sidebar_position in the pages or _category_.json in the folders.',
  blog: 'The blog posts are copied as pages; helpgen has no blog index or archive.',
  tags: 'The tags index page is not generated; tags in front matter stay and search uses them.',
  i18n: 'helpgen builds one language per site: migrate each language folder as its own site.',
  'include-markdown': 'Include directives stay as text: helpgen reads pymdownx.snippets (--8<--) includes.',
  glightbox: 'Not needed: helpgen opens images larger when clicked.',
};

export function plugins(ctx: MkdocsContext): UserConfig['redirects'] {
  const redirects: NonNullable<UserConfig['redirects']> = [];
  for (const [name, options] of namedEntries(setting(ctx, 'plugins'))) {
    const bare = name.replace(/^material\//, '');
    if (bare === 'redirects') {
      redirects.push(...redirectMaps(ctx, options.redirect_maps));
      continue;
    }
    if (BUILT_IN.has(bare)) continue;
    report(ctx, name, `The MkDocs plugin "${name}" is not installed or run by the migration, and helpgen has no equivalent`, PLUGIN_FIXES[bare] ?? 'Check the pages that rely on it in the new site, and remove what it generated from them.');
  }
  count(ctx, 'redirects', redirects.length);
  return redirects;
}

/** `redirect_maps: {old.md: new.md}`: both sides are docs paths (or the target a URL). */
function redirectMaps(ctx: MkdocsContext, maps: unknown): { from: string; to: string }[] {
  if (!maps || typeof maps !== 'object') return [];
  const useDirectoryUrls = ctx.data.use_directory_urls !== false;
  return Object.entries(maps as Record<string, unknown>).flatMap(([from, to]) => {
    if (typeof to !== 'string') return [];
    if (/^[a-z]+:\/\//i.test(to)) {
      report(ctx, from, `The redirect from ${from} to another site (${to}) is not carried over: helpgen redirects lead to pages of the site`, 'Add the redirect to your host\'s rules (_redirects, nginx).');
      return [];
    }
    const [path, hash] = to.split('#');
    return [{ from: mkdocsUrl(from, useDirectoryUrls), to: mkdocsUrl(path!, useDirectoryUrls) + (hash ? `#${hash}` : '') }];
  });
}

/** The address MkDocs gives a docs path, without the base path: "a/b.md" → "/a/b/" (or "/a/b" without directory URLs). */
export function mkdocsUrl(docsPath: string, useDirectoryUrls: boolean): string {
  const clean = posix.normalize(docsPath).replace(/^(\.\/|\/)+/, '');
  const name = posix.basename(clean).replace(/\.md$/i, '');
  const dir = posix.dirname(clean) === '.' ? '' : `${posix.dirname(clean)}/`;
  if (name === 'index' || name === 'README') return `/${dir}`;
  return `/${dir}${name}${useDirectoryUrls ? '/' : ''}`;
}

// Extensions whose markup helpgen's renderer reads, or which change nothing it shows.
const READ_NATIVELY = new Set([
  'admonition', 'pymdownx.details', 'pymdownx.tabbed', 'pymdownx.superfences', 'pymdownx.snippets', 'pymdownx.highlight',
  'pymdownx.inlinehilite', 'pymdownx.keys', 'pymdownx.tasklist', 'pymdownx.emoji', 'attr_list', 'md_in_html', 'footnotes',
  'tables', 'toc', 'def_list', 'abbr', 'meta', 'extra', 'fenced_code', 'codehilite', 'sane_lists', 'smarty', 'pymdownx.magiclink',
  'pymdownx.betterem', 'pymdownx.caret', 'pymdownx.mark', 'pymdownx.tilde', 'pymdownx.smartsymbols', 'pymdownx.escapeall',
]);

export function markdownExtensions(ctx: MkdocsContext): UserConfig['toc'] | undefined {
  let toc: UserConfig['toc'] | undefined;
  for (const [name, options] of namedEntries(setting(ctx, 'markdown_extensions'))) {
    const bare = name.replace(/^markdown\.extensions\./, '');
    if (READ_NATIVELY.has(bare)) count(ctx, 'markdown extensions');
    else report(ctx, name, `Markdown written for the extension "${name}" is not read by helpgen and stays as it is written`, 'Check the pages that use it in the new site (the report of `helpgen build` names them) and rewrite that markup.');
    if (bare === 'toc' && typeof options.toc_depth === 'number' && options.toc_depth >= 2 && options.toc_depth <= 6) toc = { minHeadingLevel: 2, maxHeadingLevel: options.toc_depth };
    if (bare === 'pymdownx.snippets' && options.base_path !== undefined) {
      report(ctx, name, 'pymdownx.snippets reads includes from its base_path; helpgen reads them relative to the page and content/', 'Check the --8<-- includes of the new site: move the included files into content/ if the build reports them missing.');
    }
  }
  return toc;
}

/** theme: favicon (a file in the docs folder), logo, custom templates and Material's announcement block. */
export function theme(ctx: MkdocsContext, sourceDir: string, docsDir: string, baseUrl: string): { favicon?: string; faviconFile?: string; announcementBar?: UserConfig['announcementBar'] } {
  const raw = setting(ctx, 'theme');
  const themeSettings = (typeof raw === 'string' ? { name: raw } : (raw ?? {})) as Record<string, unknown>;
  const result: ReturnType<typeof theme> = {};
  const favicon = typeof themeSettings.favicon === 'string' ? posix.normalize(themeSettings.favicon) : undefined;
  if (favicon && existsSync(join(sourceDir, docsDir, favicon))) {
    result.favicon = `${baseUrl}${favicon}`;
    result.faviconFile = favicon;
    count(ctx, 'favicon');
  } else if (favicon) report(ctx, 'favicon', `The favicon ${favicon} is not a file in ${docsDir}/`, 'Put the icon in static/ and set favicon in help.config.ts.');
  if (typeof themeSettings.logo === 'string' || themeSettings.icon) {
    report(ctx, themeSettings.logo ? 'logo' : 'icon', 'The theme\'s logo is not carried over: helpgen\'s navbar shows its own mark and the site title', 'Set navbar.title in help.config.ts if the title alone should name the site.');
  }
  if (themeSettings.name && themeSettings.name !== 'material' && themeSettings.name !== 'mkdocs' && themeSettings.name !== 'readthedocs') {
    report(ctx, 'theme', `The theme "${String(themeSettings.name)}" is not carried over; the new site uses helpgen's look`, 'Nothing to do unless pages rely on the theme\'s own markup.');
  }
  if (typeof themeSettings.custom_dir === 'string') {
    const announce = announcement(join(sourceDir, themeSettings.custom_dir));
    if (announce) {
      result.announcementBar = { id: 'announcement', content: announce };
      count(ctx, 'announcement bar');
    }
    report(ctx, 'custom_dir', `The template overrides in ${themeSettings.custom_dir}/ are not carried over${announce ? ' (except the announcement, which is)' : ''}`, 'Nothing to do unless they added content that readers need: put it in a page or the footer.');
  }
  return result;
}

/** The text of Material's `{% block announce %}` in the overrides' main.html. */
function announcement(customDir: string): string | undefined {
  const file = join(customDir, 'main.html');
  if (!existsSync(file)) return undefined;
  const block = /\{%-?\s*block\s+announce\s*-?%\}([\s\S]*?)\{%-?\s*endblock/.exec(readFileSync(file, 'utf8'));
  const content = block?.[1]?.replace(/\{#[\s\S]*?#\}/g, '').trim();
  return content && !/\{[{%]/.test(content) ? content.replace(/\s*\n\s*/g, ' ') : content ? plainText(content.replace(/\{[{%][\s\S]*?[}%]\}/g, '')) : undefined;
}

/** extra.analytics, extra.alternate, extra_css and extra_javascript: what helpgen cannot take as it is. */
export function extras(ctx: MkdocsContext, baseUrl: string): UserConfig['scripts'] {
  const extra = (ctx.data.extra ?? {}) as Record<string, unknown>;
  const analytics = extra.analytics as Record<string, unknown> | undefined;
  if (analytics) {
    report(ctx, 'analytics', `Analytics (${String(analytics.provider ?? 'a provider')}${analytics.property ? ` ${String(analytics.property)}` : ''}) is not carried over: helpgen posts page views to an endpoint of yours`, 'Set analytics.endpoint in help.config.ts, or load the provider\'s script through scripts.');
  }
  if (extra.alternate) report(ctx, 'alternate', 'The language menu (extra.alternate) is not carried over: helpgen builds one language per site', 'Migrate each language as its own site.');
  if (Array.isArray(ctx.data.extra_css) && ctx.data.extra_css.length) {
    report(ctx, 'extra_css', `The stylesheets ${ctx.data.extra_css.join(', ')} are copied to static/ but not loaded: helpgen has no setting for extra CSS`, 'Check whether the new site still needs them; the pages\' look comes from helpgen\'s theme.');
  }
  const scripts = (Array.isArray(ctx.data.extra_javascript) ? ctx.data.extra_javascript : [])
    .map((entry) => (typeof entry === 'string' ? entry : (entry as { path?: string })?.path))
    .filter((src): src is string => typeof src === 'string')
    .map((src) => ({ src: /^[a-z]+:\/\//i.test(src) ? src : `${baseUrl}${posix.normalize(src).replace(/^\/+/, '')}`, async: true }));
  count(ctx, 'scripts', scripts.length);
  return scripts;
}
