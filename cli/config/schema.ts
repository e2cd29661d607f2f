// The help.config.ts schema. One strict zod schema, split by area; unknown keys are errors.
// Every field carries a short comment because this file is also the config's documentation.
import { z } from 'zod';

const reportSetting = z.enum(['ignore', 'log', 'warn', 'throw']);
const position = z.enum(['left', 'right']).default('left');

/** A link in the navbar, a dropdown or the footer: `to` is a site path, `href` any URL. */
const linkFields = {
  label: z.string().min(1),
  /** Path inside the site, with or without the base path: "/integrations/api". */
  to: z.string().optional(),
  /** Full URL or mailto: link, opened as an external link. */
  href: z.string().optional(),
  'aria-label': z.string().optional(),
  className: z.string().optional(),
};

const dropdownLink = z.strictObject({ ...linkFields, type: z.literal('default').optional() });

export const NAVBAR_ITEM_TYPES = [
  'default',
  'dropdown',
  'localeDropdown',
  'search',
  'html',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
] as const;
export type NavbarItemType = (typeof NAVBAR_ITEM_TYPES)[number];

const navbarItemSchemas = {
  default: z.strictObject({ type: z.literal('default'), position, ...linkFields }),
  dropdown: z.strictObject({
    type: z.literal('dropdown'),
    position,
    label: z.string().min(1),
    items: z.array(dropdownLink).min(1),
  }),
  localeDropdown: z.strictObject({ type: z.literal('localeDropdown'), position }),
  search: z.strictObject({ type: z.literal('search'), position }),
  html: z.strictObject({ type: z.literal('html'), position, value: z.string() }),
  doc: z.strictObject({ type: z.literal('doc'), position, docId: z.string(), label: z.string().optional() }),
  docSidebar: z.strictObject({
    type: z.literal('docSidebar'),
    position,
    sidebarId: z.string(),
    label: z.string().min(1),
  }),
  docsVersion: z.strictObject({
    type: z.literal('docsVersion'),
    position,
    label: z.string().optional(),
    to: z.string().optional(),
  }),
  docsVersionDropdown: z.strictObject({ type: z.literal('docsVersionDropdown'), position }),
} satisfies Record<NavbarItemType, z.ZodType>;

export const navbarItemSchema = z.discriminatedUnion('type', [
  navbarItemSchemas.default,
  navbarItemSchemas.dropdown,
  navbarItemSchemas.localeDropdown,
  navbarItemSchemas.search,
  navbarItemSchemas.html,
  navbarItemSchemas.doc,
  navbarItemSchemas.docSidebar,
  navbarItemSchemas.docsVersion,
  navbarItemSchemas.docsVersionDropdown,
]);

const footerSchema = z.strictObject({
  style: z.enum(['light', 'dark']).default('dark'),
  links: z
    .array(z.strictObject({ title: z.string(), items: z.array(dropdownLink) }))
    .default([]),
  /** Fixed text (no dates computed at build time, so output stays byte-identical). */
  copyright: z.string().optional(),
});

const algoliaSchema = z.strictObject({
  appId: z.string().min(1),
  /** The search-only key. Never put the admin key here: it would ship to every reader. */
  apiKey: z.string().min(1),
  indexName: z.string().min(1),
  contextualSearch: z.boolean().default(true),
  searchParameters: z.record(z.string(), z.unknown()).default({}),
  insights: z.boolean().default(false),
  /** Custom hosts, for tests and proxies: [{url, port, protocol, accept}]. */
  hosts: z
    .array(
      z.strictObject({
        url: z.string(),
        port: z.number().int().optional(),
        protocol: z.enum(['http', 'https']).default('https'),
        accept: z.enum(['read', 'write', 'readWrite']).default('readWrite'),
      }),
    )
    .optional(),
});

export const configSchema = z.strictObject({
  /** Site title, used in every page title: "Page | Ordo Help Center". */
  title: z.string().min(1),
  tagline: z.string().default(''),
  product: z.strictObject({
    /** Display name, substituted for {{product}} in content. */
    name: z.string().min(1),
    /** Slug used in page names such as ordo-roles. */
    slug: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens'),
  }),
  /** Production origin, used for canonical URLs and the sitemap: "https://ordo.app". */
  url: z.url().default('http://localhost'),
  /** Path the site is served under; starts and ends with "/". */
  baseUrl: z
    .string()
    .regex(/^\/(?:[^/]+\/)*$/, 'a path that starts and ends with "/", such as "/support/"')
    .default('/support/'),
  favicon: z.string().optional(),
  /** Base URL for "Edit this page" links; the content path is appended. */
  editUrl: z.string().optional(),
  logo: z.strictObject({ alt: z.string(), text: z.string().optional() }).optional(),
  announcementBar: z
    .strictObject({
      /** Change the id to show the bar again to readers who closed it. */
      id: z.string().min(1),
      /** HTML allowed (links). */
      content: z.string(),
      backgroundColor: z.string().default('#1f4e79'),
      textColor: z.string().default('#ffffff'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navbarItemSchema).default([{ type: 'search', position: 'right' }]),
    })
    .default({ hideOnScroll: false, items: [{ type: 'search', position: 'right' }] }),
  footer: footerSchema.optional(),
  docs: z
    .strictObject({
      /** Files under content/ that are not pages (glob patterns). */
      exclude: z.array(z.string()).default([]),
      versions: z
        .record(z.string(), z.strictObject({ label: z.string() }))
        .default({ current: { label: 'Next' } }),
      lastVersion: z.string().default('current'),
      sidebar: z
        .strictObject({
          hideable: z.literal(false).default(false),
          autoCollapseCategories: z.boolean().default(false),
        })
        .default({ hideable: false, autoCollapseCategories: false }),
      showLastUpdateTime: z.boolean().default(true),
    })
    .default({
      exclude: [],
      versions: { current: { label: 'Next' } },
      lastVersion: 'current',
      sidebar: { hideable: false, autoCollapseCategories: false },
      showLastUpdateTime: true,
    }),
  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
  i18n: z
    .strictObject({
      defaultLocale: z.string().default('en'),
      locales: z.array(z.string()).min(1).default(['en']),
      localeConfigs: z
        .record(z.string(), z.strictObject({ label: z.string(), direction: z.enum(['ltr', 'rtl']).default('ltr') }))
        .default({ en: { label: 'English', direction: 'ltr' } }),
    })
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', direction: 'ltr' } } }),
  /** Extra scripts loaded on every page, after the page is interactive. */
  scripts: z
    .array(z.strictObject({ src: z.string(), async: z.boolean().default(true) }))
    .default([]),
  search: z
    .strictObject({
      provider: z.enum(['local', 'algolia']).default('local'),
      maxResultsPerGroup: z.number().int().min(1).max(50).default(5),
      /** When set, the no-results screen shows "Let us know." linking here (query appended as ?q=). */
      missingResultsUrl: z.string().optional(),
      algolia: algoliaSchema.optional(),
    })
    .default({ provider: 'local', maxResultsPerGroup: 5 }),
  analytics: z
    .strictObject({
      /** URL that receives a POST per page view (JSON body {path, title, referrer}). */
      endpoint: z.string(),
    })
    .optional(),
  onBrokenLinks: reportSetting.default('throw'),
  onBrokenMarkdownLinks: reportSetting.default('warn'),
  onBrokenAnchors: reportSetting.default('warn'),
});

type NavbarItemInput = z.input<typeof navbarItemSchema>;
type Untyped<T> = Omit<T, 'type'> & { type?: undefined };
/** Navbar items may leave out "type": links by default, dropdowns when they have "items". */
export type NavbarItemConfig =
  | NavbarItemInput
  | Untyped<Extract<NavbarItemInput, { type: 'default' }>>
  | Untyped<Extract<NavbarItemInput, { type: 'dropdown' }>>;
type ConfigInput = z.input<typeof configSchema>;
export type UserConfig = Omit<ConfigInput, 'navbar'> & {
  navbar?: Omit<NonNullable<ConfigInput['navbar']>, 'items'> & { items?: NavbarItemConfig[] };
};
export type ResolvedConfig = z.output<typeof configSchema>;
export type NavbarItem = z.output<typeof navbarItemSchema>;
export type LinkItem = z.output<typeof dropdownLink>;
