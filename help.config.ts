// The Ordo help centre. Every key is documented in cli/config/schema.ts.
import { defineConfig } from 'helpgen/config';

export default defineConfig({
  title: 'Ordo Help Center',
  tagline: 'Connects people, data and processes',
  product: { name: 'Ordo', slug: 'ordo' },
  url: 'https://ordo.app',
  baseUrl: '/support/',
  image: '/img/ordo-social-card.png',
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  navbar: {
    title: 'Ordo Help Center',
    hideOnScroll: false,
    items: [
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
      { type: 'doc', docId: 'guides/ordo-quick-start-guide', label: 'Quick start', position: 'left' },
      { type: 'doc', docId: 'integrations/api', label: 'API', position: 'left' },
      { type: 'docsVersionDropdown', position: 'left' },
      { type: 'search', position: 'right' },
      { href: 'mailto:support@ordo.app', label: 'Contact support', position: 'right' },
      { href: 'https://community.ordo.app', label: 'Community', position: 'right' },
      { href: 'https://app.ordo.app', label: 'Log in to Ordo', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Get started',
        items: [
          { label: 'Quick start', to: '/guides/ordo-quick-start-guide' },
          { label: 'How Ordo is organized', to: '/user-docs/concepts/introduction' },
          { label: 'Formulas', to: '/user-docs/templates/formulas/' },
        ],
      },
      {
        title: 'Build and connect',
        items: [
          { label: 'Create a template', to: '/user-docs/templates/creating' },
          { label: 'REST API', to: '/integrations/api' },
          { label: 'Zapier', to: '/integrations/zapier' },
        ],
      },
      {
        title: 'Help',
        items: [
          { label: 'Contact support', href: 'mailto:support@ordo.app' },
          { label: 'Community forums', href: 'https://community.ordo.app' },
          { label: 'Service status', href: 'https://status.ordo.app' },
        ],
      },
    ],
    copyright: 'Copyright © 2026 Ordo. All rights reserved.',
  },
  docs: {
    exclude: ['STYLE.md'],
    versions: { current: { label: 'Next' } },
    lastVersion: 'current',
    sidebar: { hideable: false, autoCollapseCategories: false },
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', direction: 'ltr' } } },
  // The chat's button is in every page's HTML; widget.js loads when the reader reaches for it.
  scripts: [{ src: '/support/chat/widget.js', async: true, launcher: { label: 'Contact support', backgroundColor: '#1f4fb8', textColor: '#ffffff' } }],
  search: { provider: 'local', maxResultsPerGroup: 5 },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
});
