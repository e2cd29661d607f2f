// A MarkdownSite for tests that render markdown without a site around it: no pages to link to,
// no files, diagnostics collected in `diagnostics`.
import type { MarkdownSite } from './context.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';

export function markdownSite(overrides: Partial<MarkdownSite> = {}): MarkdownSite & { diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  return {
    baseUrl: '/support/',
    contentDir: '/nonexistent',
    routeByRelPath: new Map(),
    routeFor: () => undefined,
    tocMinLevel: 2,
    tocMaxLevel: 3,
    addAsset: () => undefined,
    isFile: () => false,
    report: (d) => diagnostics.push(d),
    onBrokenMarkdownLinks: 'warn',
    scriptAttachments: [],
    ...overrides,
    diagnostics,
  };
}
