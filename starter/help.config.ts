// The settings of your help center. Every key is optional: delete what you do not change.
// All keys, with their defaults: node_modules/helpgen/docs/config.md
import { defineConfig } from 'helpgen/config';

export default defineConfig({
  // In every browser tab and search result: "Page title | __TITLE__".
  title: '__TITLE__',
  // One line about your product; write {{tagline}} in a page to show it.
  tagline: '',
  // Write {{product}} in a page and it becomes the name, so a rename is one edit here.
  product: { name: '__PRODUCT__', slug: '__SLUG__' },

  // Where the site will live. Set it before you publish: canonical links and the sitemap use it.
  // url: 'https://example.com',
  // The path the site is served under (pages are at /support/…). Use '/' for a site of its own.
  baseUrl: '/support/',

  // An "Edit this page" link under every page: your repository's edit address for content/.
  // editUrl: 'https://github.com/your-org/your-repo/edit/main/content',

  navbar: {
    items: [
      // Links take `to` for a path in this site, `href` for any other address.
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
      { type: 'search', position: 'right' },
      // { label: 'Contact support', href: 'mailto:support@example.com', position: 'right' },
    ],
  },

  footer: {
    // Columns of links, e.g. { title: 'Help', items: [{ label: 'Contact us', href: 'mailto:…' }] }.
    links: [],
    // Fixed text: the build never puts today's date in a page, so two builds are identical.
    copyright: 'Copyright © __TITLE__',
  },

  // Light or dark by default; readers can switch unless disableSwitch is true.
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },

  // A bar above the navbar. Change the id to show it again to readers who closed it.
  // announcementBar: { id: 'launch', content: 'Our new help center is live.' },

  // Search runs in the browser with no service to set up. For Algolia DocSearch instead:
  // search: { provider: 'algolia', algolia: { appId: '…', apiKey: 'search-only key', indexName: '…' } },

  docs: {
    // Files under content/ that are not pages (glob patterns).
    exclude: ['**/drafts/**'],
  },

  // What a mistake does to a build: 'throw' fails it, 'warn' and 'log' print it, 'ignore' drops it.
  // `helpgen build --strict` (npm run check) fails on warnings too.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onBrokenMarkdownLinks: 'warn',
});
