// Finds help.config.ts in a site folder, compiles it with esbuild, validates it with zod and
// fills in defaults. Problems come back as HelpgenErrors naming the key path.
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { HelpgenError } from '../diagnostics/errors.ts';
import { configSchema, NAVBAR_ITEM_TYPES, type ResolvedConfig } from './schema.ts';
import { isRecord, validKeysAt } from './schema-walk.ts';
import { locateKey, suggestKey } from './key-suggestions.ts';
import { helpgenCacheDir, helpgenRoot, prebuiltDir } from '../paths.ts';
import { cachedBundleForNode } from '../node-bundle.ts';

const CONFIG_NAMES = ['help.config.ts', 'help.config.mts', 'help.config.js', 'help.config.mjs'];

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Absolute path of the config file, or undefined when the defaults were used. */
  file?: string;
}

export async function loadConfig(siteDir: string): Promise<LoadedConfig> {
  const file = CONFIG_NAMES.map((name) => join(siteDir, name)).find((p) => existsSync(p));
  // A folder without a config is a quick try, never a published site: its links point at
  // localhost. A config without url is a site on its way to publication: the build warns.
  if (!file) return { config: validateConfig({ url: 'http://localhost' }, 'defaults', { siteDir }) };
  const raw = await importConfigFile(file);
  return { config: validateConfig(raw, basename(file), { siteDir, file, source: readFileSync(file, 'utf8') }), file };
}

/**
 * Every key has a default, so a config may set only what it changes. The ones that depend on
 * the site: the title and product name come from the folder name (as with no config at all),
 * the product slug from the product name.
 */
export function withSiteDefaults(raw: unknown, siteDir: string): unknown {
  if (!isRecord(raw)) return raw;
  const defaults = folderDefaults(siteDir);
  const product = raw.product === undefined ? {} : raw.product;
  if (!isRecord(product)) return { title: defaults.title, ...raw };
  const name = product.name ?? defaults.name;
  return {
    title: defaults.title,
    ...raw,
    product: { name, slug: typeof name === 'string' && product.name !== undefined ? slugOf(name) : defaults.slug, ...product },
  };
}

/** The title, product name and slug a site gets from its folder's name ("acme-help" → "Acme Help"). */
export function folderDefaults(siteDir: string): { title: string; name: string; slug: string } {
  const folder = basename(resolve(siteDir));
  const name = folder
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return { title: name || 'Help Center', name: name || 'Help Center', slug: slugOf(folder) };
}

function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'site';
}

/** What `import { defineConfig } from 'helpgen/config'` loads: compiled in the published package. */
const CONFIG_HELPER = prebuiltDir ? join(prebuiltDir, 'config.js') : join(helpgenRoot, 'cli', 'config', 'define.ts');

async function importConfigFile(file: string): Promise<unknown> {
  let code: string;
  try {
    ({ code } = await cachedBundleForNode(file, {
      // Site configs import defineConfig from "helpgen" or "helpgen/config" wherever they live.
      alias: { 'helpgen/config': CONFIG_HELPER, helpgen: CONFIG_HELPER },
    }));
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    if (first) {
      throw new HelpgenError(first.text, {
        position: first.location
          ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 }
          : { file },
        hint: first.text.startsWith('Could not resolve')
          ? 'Check the import path. defineConfig comes from "helpgen/config", wherever the site folder is.'
          : 'Fix the syntax error in the config file and run the command again.',
      });
    }
    throw error;
  }
  // Import from a content-addressed temporary file, so an edited config is never served from
  // Node's module cache (the dev server reloads it).
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  // In helpgen's own cache, which this user can write to (a folder shared in /tmp may belong to
  // another user).
  const dir = join(helpgenCacheDir, 'config-modules');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `config-${hash}-${process.pid}.mjs`); // two processes never share one
  writeFileSync(out, code);
  try {
    const mod = (await import(pathToFileURL(out).href)) as { default?: unknown };
    if (mod.default === undefined) {
      throw new HelpgenError('the config file has no default export', {
        position: { file },
        hint: 'End the file with: export default defineConfig({ ... })',
      });
    }
    return mod.default;
  } catch (error) {
    if (error instanceof HelpgenError) throw error;
    throw new HelpgenError(`the config file threw while loading: ${(error as Error).message}`, {
      position: { file },
      cause: error,
    });
  } finally {
    rmSync(out, { force: true });
  }
}

export interface ConfigOrigin {
  /** With a site folder, the keys that default to its name are filled in. */
  siteDir?: string;
  /** The config file and its text, to point at the line of a mistake. */
  file?: string;
  source?: string;
}

/** Validates a raw config object; throws a HelpgenError listing every problem by key path. */
export function validateConfig(raw: unknown, fileLabel: string, origin: ConfigOrigin = {}): ResolvedConfig {
  const normalised = localesFromDefault(normaliseNavbarTypes(origin.siteDir ? withSiteDefaults(raw, origin.siteDir) : raw));
  const result = configSchema.safeParse(normalised);
  if (result.success) return withConsistentLayout(result.data, fileLabel);
  const lines = result.error.issues.map((issue) => formatIssue(issue, normalised));
  throw new HelpgenError(`invalid configuration in ${fileLabel}:\n  ${lines.join('\n  ')}`, {
    position: origin.file ? { file: basename(origin.file), ...(origin.source ? issuePosition(result.error.issues[0]!, origin.source) : {}) } : undefined,
    hint: hintOf(result.error.issues[0]!) ?? `Fix the keys named above. Every key is described in ${shortPath(join(helpgenRoot, 'docs', 'config.md'))}.`,
  });
}

/** The fix a check of the schema gives with its problem (see oneLocale in schema.ts). */
function hintOf(issue: z.core.$ZodIssue): string | undefined {
  const hint = issue.code === 'custom' ? (issue.params as { hint?: unknown } | undefined)?.hint : undefined;
  return typeof hint === 'string' ? hint : undefined;
}

/** `i18n: { defaultLocale: 'fr' }` alone builds French: the one language built is the default one. */
function localesFromDefault(raw: unknown): unknown {
  if (!isRecord(raw) || !isRecord(raw.i18n) || raw.i18n.locales !== undefined || typeof raw.i18n.defaultLocale !== 'string') return raw;
  return { ...raw, i18n: { ...raw.i18n, locales: [raw.i18n.defaultLocale] } };
}

/** A config whose page addresses its page files cannot serve is refused: "/a/b/" has no file in a/b.html. */
function withConsistentLayout(config: ResolvedConfig, fileLabel: string): ResolvedConfig {
  if (config.trailingSlash !== true || config.pageFiles !== 'html') return config;
  throw new HelpgenError(`invalid configuration in ${fileLabel}: pageFiles "html" cannot serve the addresses trailingSlash: true gives (/a/b/ would need a/b/index.html)`, {
    hint: 'Remove pageFiles (every page then gets a folder of its own), or set trailingSlash to false or leave it unset.',
  });
}

/** The line of the first problem's key in the config's text, when the key is written once. */
function issuePosition(issue: z.core.$ZodIssue, source: string): { line: number; column: number } | undefined {
  const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.at(-1);
  return typeof key === 'string' ? locateKey(source, key) : undefined;
}

/**
 * Navbar items without a type are links, or dropdowns when they have items (as in Docusaurus).
 * An unknown type gets the spec's own message, naming the item, before zod sees it.
 */
function normaliseNavbarTypes(raw: unknown): unknown {
  if (!isRecord(raw) || !isRecord(raw.navbar) || !Array.isArray(raw.navbar.items)) return raw;
  const items = raw.navbar.items.map((item: unknown, index: number) => {
    if (!isRecord(item)) return item;
    const type = item.type ?? (Array.isArray(item.items) ? 'dropdown' : 'default');
    if (typeof type !== 'string' || !(NAVBAR_ITEM_TYPES as readonly string[]).includes(type)) {
      throw new HelpgenError(
        `navbar.items[${index}].type: No NavbarItem component found for type "${String(type)}"; ` +
          `expected one of ${NAVBAR_ITEM_TYPES.join(', ')}`,
        { hint: `The faulty navbar item is ${describeItem(item)}.` },
      );
    }
    return { ...item, type };
  });
  return { ...raw, navbar: { ...raw.navbar, items } };
}

/** A path relative to the current folder when it lies inside it, else absolute. */
function shortPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

export function describeItem(item: Record<string, unknown>): string {
  return JSON.stringify(item);
}

function formatIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const path = formatPath(issue.path);
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const valid = validKeysAt(issue.path, input);
    const suggestions = issue.keys.map((key) => suggestKey(key, valid, path)).filter(Boolean);
    if (suggestions.length) message += ` (${suggestions.join('; ')})`;
    if (valid.length) message += `; valid keys here are: ${valid.join(', ')}`;
  } else if (issue.code === 'invalid_type') {
    const found = valueAt(issue.path, input);
    if (found === undefined) message = `required, expected ${issue.expected}`;
  }
  return `${path || '(root)'}: ${message}`;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
}

function valueAt(path: readonly PropertyKey[], input: unknown): unknown {
  let value: unknown = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}
