// The presets, plugins and themes a Docusaurus config names, sorted into what helpgen carries
// over (the docs options, the client-redirects options), what it does itself (sitemap, search,
// diagrams) and what it does not: each of those is reported with its line, never run.
import type { MigrationProblem } from './model.ts';
import { isStub, STUB } from './load-code-config.ts';
import { lineOf } from './source-files.ts';

export interface PluginEntry {
  kind: 'docs' | 'redirects';
  name: string;
  options: unknown;
}

type Obj = Record<string, unknown>;

/** A preset or plugin entry's name and options: "name", ["name", options], or a required module. */
function entry(raw: unknown): { name: string; options: unknown } | undefined {
  const [head, options] = Array.isArray(raw) ? raw : [raw, {}];
  if (typeof head === 'string') return { name: head, options };
  if (isStub(head)) return { name: String((head as Record<symbol, unknown>)[STUB]), options };
  if (typeof head === 'function') return { name: head.name || 'an inline plugin', options };
  return undefined;
}

const CLASSIC = /(?:^|\/|-)(?:preset-)?classic$/;
const DOCS = /(?:^|\/|-)(?:plugin-)?content-docs$/;
const REDIRECTS = /(?:^|\/|-)(?:plugin-)?client-redirects$/;
// What helpgen does itself, with nothing to set: a sitemap, search, mermaid diagrams, pages.
const NATIVE = /sitemap|search-local|search-lunr|theme-search-algolia|theme-mermaid|content-pages|theme-classic|plugin-debug|svgr|ideal-image$/;

export function collectPlugins(site: Obj, file: string, text: string, problems: MigrationProblem[]): PluginEntry[] {
  const found: PluginEntry[] = [];
  const notRun = (name: string, what: string, fix: string) => problems.push({ file, line: lineOf(text, name), message: `${what} "${name}" is not run (helpgen migrate runs no Docusaurus plugins)`, fix });
  for (const raw of Array.isArray(site.presets) ? site.presets : []) {
    const preset = entry(raw);
    if (!preset) continue;
    if (!CLASSIC.test(preset.name)) {
      notRun(preset.name, 'the preset', 'Set what it did in help.config.ts by hand (docs/config.md lists every key).');
      continue;
    }
    const options = (preset.options ?? {}) as Obj;
    if (options.docs !== false) found.push({ kind: 'docs', name: preset.name, options: options.docs ?? {} });
    if (options.blog !== false && options.blog !== undefined) problems.push({ file, line: lineOf(text, 'blog'), message: 'the blog is not carried over (helpgen publishes docs only)', fix: 'Keep the blog on the old site, or copy its posts into content/ as pages.' });
    const theme = (options.theme ?? {}) as Obj;
    if (theme.customCss) problems.push({ file, line: lineOf(text, 'customCss'), message: 'the custom CSS is not carried over (helpgen has its own theme)', fix: 'Leave it out: helpgen\'s theme styles every element; brand colors come with a later helpgen release.' });
    for (const key of ['gtag', 'googleAnalytics', 'googleTagManager']) {
      if (options[key]) problems.push({ file, line: lineOf(text, key), message: `${key} is not carried over`, fix: 'Add the tag\'s script with `scripts` in help.config.ts, or a page-view endpoint with `analytics`.' });
    }
  }
  for (const raw of Array.isArray(site.plugins) ? site.plugins : []) {
    const plugin = entry(raw);
    if (!plugin) continue;
    if (REDIRECTS.test(plugin.name)) found.push({ kind: 'redirects', name: plugin.name, options: plugin.options });
    else if (DOCS.test(plugin.name) && !found.some((f) => f.kind === 'docs')) found.push({ kind: 'docs', name: plugin.name, options: plugin.options });
    else if (DOCS.test(plugin.name)) problems.push({ file, line: lineOf(text, String((plugin.options as Obj)?.id ?? plugin.name)), message: `a second docs instance (${String((plugin.options as Obj)?.path ?? '')}) is not carried over: a helpgen site has one docs folder`, fix: 'Migrate it as a site of its own, or copy its pages into a folder of content/.' });
    else if (!NATIVE.test(plugin.name)) notRun(plugin.name, 'the plugin', 'If the site needs what it did, add it by hand; the report of the build will name pages that relied on it.');
  }
  for (const raw of Array.isArray(site.themes) ? site.themes : []) {
    const theme = entry(raw);
    if (theme && !NATIVE.test(theme.name)) notRun(theme.name, 'the theme', 'Leave it out: helpgen has its own theme.');
  }
  const locales = (site.i18n as Obj | undefined)?.locales;
  if (Array.isArray(locales) && locales.length > 1) problems.push({ file, line: lineOf(text, 'locales'), message: `only the default language came over (the site has ${locales.length}: ${locales.join(', ')})`, fix: 'Migrate each translation\'s i18n/ folder into content/ by hand.' });
  return found;
}
