// Links taken from a source site's settings (navbar, social icons, sidebar) into help.config.ts.

/** A link a reader may follow: a web or mail address, or a path in the site (never javascript: and the like). */
export function safeHref(href: string): boolean {
  if (/^(https?:\/\/|mailto:)/i.test(href)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//');
}

// How the brands of the usual social icons are written.
const BRANDS: Record<string, string> = {
  github: 'GitHub', gitlab: 'GitLab', linkedin: 'LinkedIn', youtube: 'YouTube', 'x-twitter': 'X', x: 'X', twitter: 'Twitter',
  discord: 'Discord', mastodon: 'Mastodon', slack: 'Slack', npm: 'npm', bluesky: 'Bluesky', facebook: 'Facebook', instagram: 'Instagram',
};

/** The text of a social icon's link, from its icon name: "fontawesome/brands/github" or "github" → "GitHub". */
export function iconLabel(icon: unknown): string | undefined {
  if (typeof icon !== 'string') return undefined;
  const name = icon.split('/').at(-1)?.replace(/-(alt|square)$/, '').toLowerCase();
  if (!name) return undefined;
  return BRANDS[name] ?? name[0]!.toUpperCase() + name.slice(1);
}
