// What mkdocs.yml's site settings become in help.config.ts: the title, address, favicon,
// edit link, footer, redirects and the settings helpgen has no place for (reported, with the
// line in mkdocs.yml and what to do instead).
import type { UserConfig } from '../config/define.ts';
import type { MigrationProblem } from './model.ts';
import { isTagged, withoutEnv } from './mkdocs-yaml.ts';
import { iconLabel, safeHref } from './links.ts';
import { escapeRegExp, lineOf } from './source-files.ts';

export interface MkdocsContext {
  data: Record<string, unknown>;
  text: string;
  problems: MigrationProblem[];
  carried: Record<string, number>;
}

export const CONFIG_FILE = 'mkdocs.yml';

export function report(ctx: MkdocsContext, key: string, message: string, fix: string): void {
  ctx.problems.push({ file: CONFIG_FILE, line: keyLine(ctx.text, key), message, fix });
}

/** The line a key (or a list item naming it) is written on: `site_url:`, `- redirects:`, `- admonition`. */
export function keyLine(text: string, key: string): number | undefined {
  return lineOf(text, new RegExp(`^\\s*(?:-\\s*)?['"]?${escapeRegExp(key)}['"]?\\s*(?::|$)`));
}

export function count(ctx: MkdocsContext, what: string, n = 1): void {
  if (n > 0) ctx.carried[what] = (ctx.carried[what] ?? 0) + n;
}

/** A setting's value, with `!ENV` read as MkDocs reads it when the variable is unset (reported). */
export function setting(ctx: MkdocsContext, key: string, from: Record<string, unknown> = ctx.data): unknown {
  const { value, env } = withoutEnv(from[key]);
  if (env) {
    report(ctx, key, `${key} is read from the environment (${env}) when MkDocs builds; ${value === undefined ? 'it has no default, so it was left out' : `its default, ${JSON.stringify(value)}, was used`}`, `Set ${key}'s helpgen equivalent in help.config.ts; it can read process.env itself.`);
  }
  if (isTagged(value)) {
    report(ctx, key, `${key} has the tag ${value.tag}, which only MkDocs' Python code can read, so it was left out`, `Give ${key}'s helpgen equivalent a plain value in help.config.ts.`);
    return undefined;
  }
  return value;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** site_url "https://example.com/docs/" → url "https://example.com", baseUrl "/docs/". */
export function siteAddress(ctx: MkdocsContext): Pick<UserConfig, 'url' | 'baseUrl'> {
  const siteUrl = text(setting(ctx, 'site_url'));
  if (!siteUrl) {
    report(ctx, 'site_name', 'mkdocs.yml has no site_url, so the new site has no `url` (no canonical links, no sitemap) and is served from "/"', 'Set url (and baseUrl, if the site is not at the root) in help.config.ts before publishing.');
    return { baseUrl: '/' };
  }
  try {
    const parsed = new URL(siteUrl);
    const path = parsed.pathname.replace(/\/*$/, '/');
    count(ctx, 'site address');
    return { url: parsed.origin, baseUrl: path };
  } catch {
    report(ctx, 'site_url', `site_url "${siteUrl}" is not a web address`, 'Set url in help.config.ts to the https:// address the site is published at.');
    return { baseUrl: '/' };
  }
}

/** repo_url + edit_uri → editUrl, with MkDocs' default edit_uri for GitHub and GitLab repositories. */
export function editUrl(ctx: MkdocsContext, docsDir: string): string | undefined {
  const repo = text(setting(ctx, 'repo_url'));
  const raw = setting(ctx, 'edit_uri');
  if (raw === '' || raw === null) return undefined; // edit_uri: '' turns the links off
  let uri = text(raw);
  if (uri === undefined && repo) {
    const host = URL.canParse(repo) ? new URL(repo).hostname : '';
    if (host === 'github.com' || host === 'gitlab.com') uri = `edit/master/${docsDir}/`;
    else if (host === 'bitbucket.org') uri = `src/default/${docsDir}/`;
  }
  if (uri === undefined) return undefined;
  const absolute = /^[a-z]+:\/\//i.test(uri) ? uri : repo ? `${repo.replace(/\/+$/, '')}/${uri.replace(/^\/+/, '')}` : undefined;
  if (!absolute) return undefined;
  count(ctx, 'edit link');
  report(ctx, raw === undefined ? 'repo_url' : 'edit_uri', `"Edit this page" links go to ${absolute}, where the MkDocs pages are (${docsDir}/); the new site's pages are in its content/ folder`, 'When the helpgen site replaces the MkDocs one in the repository, change the folder at the end of editUrl in help.config.ts to the new content/ folder.');
  return absolute.endsWith('/') ? absolute : `${absolute}/`;
}

interface SocialLink {
  icon?: string;
  link?: string;
  name?: string;
}

/** Material's extra.social icons and the copyright line → footer. */
export function footer(ctx: MkdocsContext): UserConfig['footer'] {
  const extra = (ctx.data.extra ?? {}) as Record<string, unknown>;
  const social = Array.isArray(extra.social) ? (extra.social as SocialLink[]) : [];
  const items = social
    .filter((s) => typeof s?.link === 'string' && safeHref(s.link))
    .map((s) => ({ label: text(s.name) ?? iconLabel(s.icon) ?? s.link!, href: s.link! }));
  const copyright = text(setting(ctx, 'copyright'));
  if (items.length === 0 && !copyright) return undefined;
  count(ctx, 'footer links', items.length);
  const result: NonNullable<UserConfig['footer']> = { style: 'dark', links: items.length ? [{ title: 'Community', items }] : [] };
  if (copyright) {
    const plain = plainText(copyright);
    if (plain !== copyright) report(ctx, 'copyright', 'The copyright line holds HTML; helpgen shows it as plain text, so its markup was removed', 'Check footer.copyright in help.config.ts.');
    result.copyright = plain;
    count(ctx, 'copyright');
  }
  return result;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', copy: '©', nbsp: ' ', reg: '®', ndash: '–', mdash: '—' };

export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (all, name: string) => (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? all)))
    .replace(/\s+/g, ' ')
    .trim();
}
