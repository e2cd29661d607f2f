// The help.config.ts schema. One strict zod schema, split by area; unknown keys are errors.
// Every key carries a description (`.describe()`): docs/config.md is written from them
// (`npm run docs`), and a test fails when a key has none or the file is out of date.
import { z } from 'zod';
import { baseUrlProblem, siteUrlProblem } from './site-address.ts';

/** A check for .superRefine: the problem `problemOf` finds, as the key's message. */
function refusing(problemOf: (value: string) => string | undefined): (value: string, ctx: z.RefinementCtx) => void {
  return (value, ctx) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/**
 * helpgen builds one language: a second locale would give menu links to /fr/… pages that are
 * never built (the build then failed on the home page's broken link, far from the cause).
 */
function oneLocale(i18n: { defaultLocale: string; locales: string[] }, ctx: z.RefinementCtx): void {
  const { defaultLocale, locales } = i18n;
  if (locales.length === 1 && locales[0] === defaultLocale) return;
  const others = locales.filter((locale) => locale !== defaultLocale);
  ctx.addIssue({
    code: 'custom',
    path: ['locales'],
    message: !locales.includes(defaultLocale)
      ? `helpgen builds one language, defaultLocale ${JSON.stringify(defaultLocale)}, and ${JSON.stringify(locales)} leaves it out`
      : `helpgen builds one language, and ${JSON.stringify(locales)} asks for ${others.map((l) => JSON.stringify(l)).join(', ')} too`,
    params: { hint: `Set i18n.locales to ['${defaultLocale}'] or remove it.` },
  });
}

/** helpgen builds one docs version, "current": other versions would be menu entries with no pages behind them. */
function oneDocsVersion(docs: { versions: Record<string, unknown>; lastVersion: string }, ctx: z.RefinementCtx): void {
  for (const name of Object.keys(docs.versions).filter((name) => name !== 'current')) {
    ctx.addIssue({
      code: 'custom',
      path: ['versions', name],
      message: `helpgen builds one docs version, "current" (the pages in content/); there are no pages for version ${JSON.stringify(name)}`,
      params: { hint: `Remove docs.versions[${JSON.stringify(name)}]; to rename the version readers see, set docs.versions.current.label.` },
    });
  }
  if (!('current' in docs.versions)) {
    ctx.addIssue({
      code: 'custom',
      path: ['versions'],
      message: 'the one docs version helpgen builds is "current", and this list leaves it out',
      params: { hint: "Set docs.versions to { current: { label: 'Next' } } (any label) or remove it." },
    });
  }
  if (docs.lastVersion !== 'current') {
    ctx.addIssue({
      code: 'custom',
      path: ['lastVersion'],
      message: `helpgen builds one docs version, "current", so the site cannot show ${JSON.stringify(docs.lastVersion)}`,
      params: { hint: "Remove docs.lastVersion (or set it to 'current')." },
    });
  }
}

const reportSetting = z.enum(['ignore', 'log', 'warn', 'throw']);
const position = z.enum(['left', 'right']).default('left').describe('Which end of the navbar the item sits at.');
const docusaurusOnly = 'Accepted so that configs written for Docusaurus load; helpgen does not use it.';

/** A link in the navbar, a dropdown or the footer: `to` is a site path, `href` any URL. */
const linkFields = {
  label: z.string().min(1).describe('The link text.'),
  to: z.string().optional().describe('A path in this site, with or without the base path: "/integrations/api". The build checks it.'),
  href: z.string().optional().describe('Any other address, such as "https://…" or "mailto:…"; it opens as an external link.'),
  'aria-label': z.string().optional().describe('The name screen readers announce, when the label alone is not clear.'),
  className: z.string().optional().describe(docusaurusOnly),
};

const dropdownLink = z.strictObject({ ...linkFields, type: z.literal('default').optional().describe('Always "default" (a link); it may be left out.') });

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
    label: z.string().min(1).describe('The text of the button that opens the menu.'),
    items: z.array(dropdownLink).min(1).describe('The links in the menu.'),
  }),
  localeDropdown: z.strictObject({ type: z.literal('localeDropdown'), position }),
  search: z.strictObject({ type: z.literal('search'), position }),
  html: z.strictObject({ type: z.literal('html'), position, value: z.string().describe('HTML shown as it is.') }),
  doc: z.strictObject({
    type: z.literal('doc'),
    position,
    docId: z.string().describe('The page to link: its path under content/ without ".md", such as "guides/quick-start".'),
    label: z.string().optional().describe("The link text; the page's title by default."),
  }),
  docSidebar: z.strictObject({
    type: z.literal('docSidebar'),
    position,
    sidebarId: z.string().describe('The sidebar to link to; a site has one, "docs".'),
    label: z.string().min(1).describe('The link text.'),
  }),
  docsVersion: z.strictObject({
    type: z.literal('docsVersion'),
    position,
    label: z.string().optional().describe("The link text; the latest version's label by default."),
    to: z.string().optional().describe('Where the link goes; the first page of the sidebar by default.'),
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

/** What each kind of navbar item is, for the reference (the kinds are literals, which hold no description). */
export const NAVBAR_ITEM_KINDS: Record<NavbarItemType, string> = {
  default: 'a link (the kind of an item without `type`)',
  dropdown: 'a menu of links (the kind of an item without `type` that has `items`)',
  localeDropdown: 'the language menu, which lists the one language helpgen builds (`i18n`)',
  search: 'the search box',
  html: 'a piece of HTML',
  doc: 'a link to one page',
  docSidebar: 'a link to the first page of the sidebar',
  docsVersion: 'a link to the docs version helpgen builds, "current"',
  docsVersionDropdown: 'the docs version menu, which lists the one version helpgen builds, "current" (`docs.versions`)',
};

const footerSchema = z.strictObject({
  style: z.enum(['light', 'dark']).default('dark').describe('The color scheme of the footer.'),
  links: z
    .array(
      z.strictObject({
        title: z.string().describe('The heading of the column.'),
        items: z.array(dropdownLink).describe('The links of the column.'),
      }),
    )
    .default([])
    .describe('Columns of links.'),
  copyright: z.string().optional().describe('A line under the links. Fixed text: the build puts no date in it, so two builds stay identical.'),
});

const algoliaSchema = z.strictObject({
  appId: z.string().min(1).describe('The Algolia application id.'),
  apiKey: z.string().min(1).describe('The search-only key. Never put the admin key here: it would ship to every reader.'),
  indexName: z.string().min(1).describe('The index to search.'),
  contextualSearch: z.boolean().default(true).describe('Only show results from the language and docs version the reader is on.'),
  searchParameters: z.record(z.string(), z.unknown()).default({}).describe('Extra Algolia search parameters sent with every query, such as { facetFilters: [...] }.'),
  insights: z.boolean().default(false).describe("Send click events to Algolia Insights (loads Algolia's analytics script)."),
  hosts: z
    .array(
      z.strictObject({
        url: z.string().describe('The host name, without the protocol.'),
        port: z.number().int().optional().describe('The port, when it is not the protocol\'s usual one.'),
        protocol: z.enum(['http', 'https']).default('https').describe('The protocol.'),
        accept: z.enum(['read', 'write', 'readWrite']).default('readWrite').describe('What the host is used for.'),
      }),
    )
    .optional()
    .describe("Hosts to call instead of Algolia's own, for tests and proxies."),
});

export const configSchema = z.strictObject({
  title: z
    .string()
    .min(1)
    .describe('The site title, in every page title ("Lock a record | Ordo Help Center") and the navbar. Default: the site folder\'s name, "acme-help" giving "Acme Help".'),
  tagline: z.string().default('').describe('One line about the product; `{{tagline}}` in a page is replaced by it.'),
  product: z
    .strictObject({
      name: z.string().min(1).describe('The product\'s name; `{{product}}` in a page is replaced by it. Default: the site folder\'s name, like `title`.'),
      slug: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens').describe('The name in lower case with hyphens, for file names such as ordo-roles. Default: made from `product.name`.'),
    })
    .describe('The product the help center is about.'),
  url: z
    .string()
    .superRefine(refusing(siteUrlProblem))
    .optional()
    .describe('The address the site is published at, such as "https://ordo.app": an http:// or https:// origin, or an origin and a path, with no quotes, ?query or #fragment. Canonical links, the sitemap and robots.txt use it. Set it before you publish: without it pages have no canonical URL and there is no sitemap, and every production build warns (not a failure with --strict, so a new site\'s CI passes from its first commit).'),
  baseUrl: z
    .string()
    .regex(/^\/(?:[^/]+\/)*$/, 'a path that starts and ends with "/", such as "/support/"')
    .superRefine(refusing(baseUrlProblem))
    .default('/support/')
    .describe('The path the site is served under; it starts and ends with "/", with no "." or ".." folders. Use "/" for a site of its own.'),
  trailingSlash: z
    .boolean()
    .optional()
    .describe('How page addresses end, as in Docusaurus. Unset: each page as it comes (a folder\'s index page "/a/", other pages "/a/b"). true: "/a/b/" everywhere, so a plain static host answers every link without its redirect to the folder. false: "/a/b" everywhere, each page an a/b.html unless `pageFiles` says otherwise. `helpgen serve`, the nginx block of docs/hosting.md and `helpgen deploy` work with all three.'),
  pageFiles: z
    .enum(['folder', 'html'])
    .optional()
    .describe('How pages are written to dist/. "folder" (the default): each page in a folder of its own, /a/b as a/b/index.html; every static host serves it with no rules (Python\'s http.server, nginx\'s stock config, an S3 website endpoint after `aws s3 sync`, GitHub Pages, Netlify): "/a/b/" directly, "/a/b" through the host\'s own redirect to "/a/b/". "html": /a/b as a/b.html, for a host that tries ".html" (GitHub Pages, Netlify, Cloudflare Pages, the nginx block of docs/hosting.md), which then answers "/a/b" with no redirect; a plain static server or S3 website endpoint does not. Default: "html" when `trailingSlash` is false, as in Docusaurus, otherwise "folder". `helpgen deploy` stores a page under its address in either layout. "html" cannot be combined with `trailingSlash: true`.'),
  image: z
    .string()
    .optional()
    .describe('The picture shown when a page is shared (og:image): a file in static/ given by its path in the site, such as "/img/social-card.png", or a full https:// address.'),
  redirects: z
    .array(
      z.strictObject({
        from: z.union([z.string(), z.array(z.string()).min(1)]).describe('The old address (or a list of them): a path in the site, with or without the base path.'),
        to: z.string().describe('The page it now leads to, such as "/records/locking"; a "#section" may follow.'),
      }),
    )
    .default([])
    .describe('Old addresses of renamed pages: each gets a page that sends readers on to the new one, listed in _redirects too. A page can also name its old addresses in `redirect_from` in its front matter.'),
  favicon: z.string().optional().describe('The icon browsers show in the tab: a path in the site, such as "/support/favicon.ico" (put the file in static/). A small built-in icon by default.'),
  editUrl: z.string().optional().describe('Shows an "Edit this page" link under every page: this address, then the page\'s path under content/.'),
  logo: z
    .strictObject({ alt: z.string().describe(docusaurusOnly), text: z.string().optional().describe(docusaurusOnly) })
    .optional()
    .describe(`${docusaurusOnly} The navbar shows helpgen's own mark and \`navbar.title\`.`),
  announcementBar: z
    .strictObject({
      id: z.string().min(1).describe('Change it to show the bar again to readers who closed it.'),
      content: z.string().describe('The text of the bar; HTML is allowed, for links.'),
      backgroundColor: z.string().default('#1f4e79').describe('A CSS color.'),
      textColor: z.string().default('#ffffff').describe('A CSS color.'),
      isCloseable: z.boolean().default(true).describe('Whether readers can close the bar.'),
    })
    .optional()
    .describe('A bar above the navbar on every page.'),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light').describe('The colors a first-time reader sees.'),
      disableSwitch: z.boolean().default(false).describe('Hide the light/dark switch.'),
      respectPrefersColorScheme: z.boolean().default(false).describe("Start in the reader's system setting instead of `defaultMode`; the switch then cycles light, dark and system."),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false })
    .describe('Light and dark colors.'),
  navbar: z
    .strictObject({
      title: z.string().optional().describe('The name beside the logo; `title` by default.'),
      hideOnScroll: z.boolean().default(false).describe('Hide the navbar while the reader scrolls down.'),
      items: z
        .array(navbarItemSchema)
        .default([{ type: 'search', position: 'right' }])
        .describe('Links and menus, in order from each end; the search box alone by default.'),
    })
    .default({ hideOnScroll: false, items: [{ type: 'search', position: 'right' }] })
    .describe('The bar at the top of every page.'),
  footer: footerSchema.optional().describe('The bottom of every page. None by default.'),
  docs: z
    .strictObject({
      exclude: z.array(z.string()).default([]).describe('Files under content/ that are not pages, as glob patterns such as "**/drafts/**". Files whose names start with _ are never pages.'),
      versions: z
        .record(z.string(), z.strictObject({ label: z.string().min(1).describe('The name readers see in the version menu and the `docsVersion` link, "Next" by default.') }))
        .default({ current: { label: 'Next' } })
        .describe('The docs version, by name. helpgen builds one version of the docs, named "current" (the pages in content/), so the only name accepted is "current": `{ current: { label: "Next" } }`. Any other name is an error; a `docsVersionDropdown` menu lists this one version.'),
      lastVersion: z.string().default('current').describe('The version the site shows; only "current" is accepted, as helpgen builds that one version.'),
      sidebar: z
        .strictObject({
          hideable: z.literal(false).default(false).describe('The sidebar cannot be hidden; only false is accepted.'),
          autoCollapseCategories: z.boolean().default(false).describe('Opening a sidebar section closes the others.'),
          home: z
            .boolean()
            .default(true)
            .describe('The home page (content/index.md) leads the sidebar. false leaves it out, as in a Docusaurus site whose home page is not a doc: the logo still links it, and pagination starts at the first page of the sidebar.'),
        })
        .default({ hideable: false, autoCollapseCategories: false, home: true })
        .describe('The docs sidebar.'),
      showLastUpdateTime: z.boolean().default(true).describe('Show "Last updated" under each page, from the git history of its file.'),
    })
    .superRefine(oneDocsVersion)
    .default({
      exclude: [],
      versions: { current: { label: 'Next' } },
      lastVersion: 'current',
      sidebar: { hideable: false, autoCollapseCategories: false, home: true },
      showLastUpdateTime: true,
    })
    .describe('The pages and the sidebar.'),
  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2).describe('The highest heading level listed (2 is ##).'),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3).describe('The lowest heading level listed.'),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 })
    .describe('The "On this page" list beside each page.'),
  i18n: z
    .strictObject({
      defaultLocale: z.string().min(1).default('en').describe('The language the pages are written in, as a code such as "en" or "fr": it is the pages\' `lang` and `og:locale`, and the language Algolia records are tagged with. The words helpgen adds (menus, search, "Was this page helpful?") stay in English.'),
      locales: z
        .array(z.string())
        .default(['en'])
        .describe('The languages built. helpgen builds one language, so the list holds `defaultLocale` alone (when left out it is `[defaultLocale]`); a second language is an error. A `localeDropdown` menu lists this one language.'),
      localeConfigs: z
        .record(
          z.string(),
          z.strictObject({
            label: z.string().describe('The name in the language menu, such as "Français".'),
            direction: z.enum(['ltr', 'rtl']).default('ltr').describe('The writing direction.'),
          }),
        )
        .default({ en: { label: 'English', direction: 'ltr' } })
        .describe('The name and writing direction of the language, by its code; only the entry for `defaultLocale` is read. Its direction sets the pages\' `dir`.'),
    })
    .superRefine(oneLocale)
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', direction: 'ltr' } } })
    .describe('The language of the site. helpgen builds one language: translated copies of the pages (Docusaurus\'s i18n/ folders) are not supported.'),
  scripts: z
    .array(
      z.strictObject({
        src: z.string().describe('The script\'s address, such as "/support/chat/widget.js".'),
        async: z.boolean().default(true).describe('Load it without holding up the page.'),
        launcher: z
          .strictObject({
            label: z.string().min(1).describe('The button\'s name, such as "Contact support": its text where the page keeps the corner free (doc pages from 1201 px wide), elsewhere the name screen readers announce for the round icon button.'),
            backgroundColor: z.string().default('#1f4fb8').describe('A CSS color.'),
            textColor: z.string().default('#ffffff').describe('A CSS color.'),
          })
          .optional()
          .describe('A floating chat button, rendered in every page\'s HTML in the bottom corner, that stands in for the script until the reader reaches for it: the script loads when the pointer enters or presses the button or focus reaches it, and a click made before it has arrived is replayed once it has run. The script finds the button as `.script-launcher[data-script="<src>"]` and wires its `.script-launcher__button`. Without a launcher the script loads once the page is idle.'),
      }),
    )
    .default([])
    .describe('Extra scripts loaded on every page (a chat widget, say): after the page is interactive, or, with a `launcher`, only when the reader reaches for it.'),
  search: z
    .strictObject({
      provider: z.enum(['local', 'algolia']).default('local').describe('"local" searches an index built with the site, in the browser, with nothing to set up; "algolia" uses Algolia DocSearch.'),
      maxResultsPerGroup: z.number().int().min(1).max(50).default(5).describe('The most results shown per section of the site.'),
      missingResultsUrl: z.string().optional().describe('When set, "No results" offers a "Let us know." link to this address, with the query appended as ?q=.'),
      algolia: algoliaSchema.optional().describe('Algolia DocSearch, for `provider: "algolia"`.'),
    })
    .default({ provider: 'local', maxResultsPerGroup: 5 })
    .describe('The search box and the search page.'),
  analytics: z
    .strictObject({
      endpoint: z.string().describe('The address that receives a POST for each page view, with a JSON body {path, title, referrer}.'),
    })
    .optional()
    .describe('Page-view counting. None by default.'),
  feedback: z
    .strictObject({
      enabled: z.boolean().default(true).describe('Ask "Was this page helpful?" at the end of every doc page.'),
      endpoint: z.string().optional().describe('An address that receives each answer as a JSON POST, besides analytics.endpoint.'),
    })
    .default({ enabled: true })
    .describe('"Was this page helpful?": Yes or No, then an optional short reason. Each answer goes to analytics.endpoint (if set) and to feedback.endpoint (if set) as a POST of {event: "feedback", path, title, helpful, reason?}. Asked once per page.'),
  scriptFiles: z
    .strictObject({
      fromContent: z
        .array(z.string().regex(/^\.[a-z0-9]+$/, 'an extension such as ".html" (a dot, then lowercase letters or digits)'))
        .default([])
        .describe(
          'Extensions of files in content/ that pages may link to although a browser runs script in them when opened, such as [".html"]: HTML, XHTML and XML documents, scripts (.js, .mjs) and compressed SVG (.svgz). Such a file runs its script on the help site\'s address, as the site\'s own code would, so only list a type when everyone who writes in content/ is trusted. By default a link to one is an error. (SVG files are always published, sanitized.)',
        ),
      inStatic: z
        .array(z.string())
        .default([])
        .describe('Files in static/ that are meant to run script (paths under static/, such as "promo/landing.html"). `helpgen build` warns about any other HTML, XML or SVG file there that holds a script, an event handler or a javascript: address, and `build --strict` fails on it.'),
    })
    .default({ fromContent: [], inStatic: [] })
    .describe('Files that run script when a browser opens them. A page\'s own HTML never does (it is sanitized), and SVG pictures from content/ are published without their scripts; these settings are for the other files a build publishes.'),
  onBrokenLinks: reportSetting.default('throw').describe('What a link to a page or file that does not exist does: "throw" fails the build, "warn" and "log" print it, "ignore" drops it. `helpgen dev` shows it on the page either way.'),
  onBrokenMarkdownLinks: reportSetting.default('warn').describe('What a link to a .md file that does not exist does (the same choices).'),
  onBrokenAnchors: reportSetting.default('warn').describe('What a link to a #section that does not exist on its page does (the same choices).'),
  maxPageSizeKB: z
    .number()
    .int()
    .positive()
    .default(1024)
    .describe('The largest markdown page, in KB; a larger one fails the build. Rendering time grows with a page\'s size, and `helpgen dev` renders a page again at every save: the limit keeps a runaway file (a pasted log, a generated dump) from stalling both.'),
});

type NavbarItemInput = z.input<typeof navbarItemSchema>;
type Untyped<T> = Omit<T, 'type'> & { type?: undefined };
/** Navbar items may leave out "type": links by default, dropdowns when they have "items". */
export type NavbarItemConfig =
  | NavbarItemInput
  | Untyped<Extract<NavbarItemInput, { type: 'default' }>>
  | Untyped<Extract<NavbarItemInput, { type: 'dropdown' }>>;
type ConfigInput = z.input<typeof configSchema>;
/** What help.config.ts may write: every key is optional (title and product default to the folder's name). */
export type UserConfig = Omit<ConfigInput, 'navbar' | 'title' | 'product'> & {
  title?: ConfigInput['title'];
  product?: Partial<ConfigInput['product']>;
  navbar?: Omit<NonNullable<ConfigInput['navbar']>, 'items'> & { items?: NavbarItemConfig[] };
};
export type ResolvedConfig = z.output<typeof configSchema>;
export type NavbarItem = z.output<typeof navbarItemSchema>;
export type LinkItem = z.output<typeof dropdownLink>;
