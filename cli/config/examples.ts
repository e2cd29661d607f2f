// Examples for the keys writers change most, printed under those keys in docs/config.md. They are
// config objects, not text: the reference test validates each one against the schema, so an
// example cannot show a key or a value helpgen refuses.
import type { UserConfig } from './schema.ts';

export interface KeyExample {
  /** The part of help.config.ts the example sets. */
  config: UserConfig;
  /** What the example gives, said after it. */
  note: string;
}

/** By key path, as configKeys() names them. */
export const KEY_EXAMPLES: Record<string, KeyExample> = {
  redirects: {
    config: {
      redirects: [
        { from: '/records/lock', to: '/records/locking' },
        { from: ['/start', '/getting-started'], to: '/guides/quick-start#install' },
      ],
    },
    note: '"/support/records/lock" then sends readers to "/support/records/locking" (with the default `baseUrl`), and both old addresses of the quick start to its "Install" section.',
  },
  editUrl: {
    config: { editUrl: 'https://github.com/acme/help/edit/main/content/' },
    note: 'The page content/records/locking.md then links to https://github.com/acme/help/edit/main/content/records/locking.md.',
  },
  announcementBar: {
    config: {
      announcementBar: {
        id: 'release-3-0',
        content: 'Acme 3.0 is out: <a href="/support/guides/whats-new">see what changed</a>.',
        isCloseable: true,
      },
    },
    note: 'A reader who closes the bar does not see it again until `id` changes; write links in `content` with the base path, as here.',
  },
  'navbar.items': {
    config: {
      navbar: {
        items: [
          { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
          { type: 'doc', docId: 'guides/quick-start', label: 'Quick start', position: 'left' },
          {
            label: 'Resources',
            position: 'left',
            items: [
              { label: 'REST API', to: '/integrations/api' },
              { label: 'Service status', href: 'https://status.acme.example' },
            ],
          },
          { type: 'search', position: 'right' },
          { label: 'Log in', href: 'https://app.acme.example', position: 'right' },
        ],
      },
    },
    note: 'Left: the sidebar\'s first page, one page by its path under content/, and a menu ("Resources", a dropdown because it has `items`). Right: the search box and an external link. The build fails on a `docId` or `to` that names no page.',
  },
  'footer.links': {
    config: {
      footer: {
        style: 'dark',
        links: [
          { title: 'Get started', items: [{ label: 'Quick start', to: '/guides/quick-start' }] },
          {
            title: 'Help',
            items: [
              { label: 'Contact support', href: 'mailto:support@acme.example' },
              { label: 'Community', href: 'https://community.acme.example' },
            ],
          },
        ],
        copyright: 'Copyright © 2026 Acme.',
      },
    },
    note: 'Two columns of links, then the copyright line.',
  },
  'search.algolia': {
    config: {
      search: {
        provider: 'algolia',
        algolia: { appId: 'ACME1234XY', apiKey: 'f3a1c9e0b7d24a6c8e5f1a2b3c4d5e6f', indexName: 'acme-help' },
      },
    },
    note: 'The application id, search-only key and index name come from your DocSearch or Algolia dashboard (these are made up). The local search index is then not built.',
  },
};

/** The example as help.config.ts text: a value per line, keys bare, strings in single quotes. */
export function exampleSource(config: UserConfig): string {
  return [
    "import { defineConfig } from 'helpgen/config';",
    '',
    'export default defineConfig({',
    ...Object.entries(config).map(([key, value]) => `  ${key}: ${literal(value, '  ')},`),
    '});',
  ].join('\n');
}

/** `value` as TypeScript: on one line when it fits in 100 characters, else a line per entry. */
function literal(value: unknown, indent: string): string {
  const flat = inline(value);
  if (indent.length + flat.length <= 100 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${literal(item, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([key, v]) => `${inner}${keyOf(key)}: ${literal(v, inner)},`).join('\n')}\n${indent}}`;
}

function inline(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value).map(([key, v]) => `${keyOf(key)}: ${inline(v)}`).join(', ')} }`;
  }
  return String(value);
}

const keyOf = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`);
