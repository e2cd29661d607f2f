// The real Ordo help centre: builds strict (no warnings at all) and produces every spec route.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOnce, fixture, repoRoot } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';
import { routeToOutputFile } from '../../cli/source/routes.ts';

const specRoutes = readFileSync(fixture('spec-routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'));

// Each test may be the one that builds our whole site (buildOnce): LONG_MS (patience.ts).
describe('the Ordo help centre build', { timeout: LONG_MS }, () => {
  it('builds with --strict: no errors and no warnings', async () => {
    const result = await buildOnce(repoRoot, { strict: true });
    expect(result.reporter.diagnostics).toEqual([]);
  });

  it('lists all 182 routes of the spec (169 pages, 12 category pages, search)', () => {
    expect(specRoutes).toHaveLength(182);
    expect(new Set(specRoutes).size).toBe(182);
  });

  it('produces every route of the spec, and no page outside it', async () => {
    const result = await buildOnce(repoRoot, { strict: true });
    for (const route of specRoutes) {
      expect(existsSync(join(result.outDir, routeToOutputFile(route))), route).toBe(true);
    }
    const built = result.pages.filter((p) => p.kind !== 'notFound').map((p) => p.route);
    expect(built.sort()).toEqual([...specRoutes].sort());
  });

  it('writes the not-found page, sitemap and robots.txt', async () => {
    const result = await buildOnce(repoRoot, { strict: true });
    expect(readFileSync(join(result.outDir, 'support', '404.html'), 'utf8')).toContain('Page Not Found');
    const sitemap = readFileSync(join(result.outDir, 'support', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://ordo.app/support/user-docs/templates/cell%20types/date-cell</loc>');
    expect(sitemap).not.toContain('/support/search<');
    expect(readFileSync(join(result.outDir, 'robots.txt'), 'utf8')).toContain('Sitemap: https://ordo.app/support/sitemap.xml');
  });

  it('titles pages "Page | Ordo Help Center" with description, canonical URL and Open Graph', async () => {
    const result = await buildOnce(repoRoot, { strict: true });
    const html = readFileSync(join(result.outDir, 'support/user-docs/records/locking/index.html'), 'utf8');
    expect(html).toMatch(/<title>[^<|]+ \| Ordo Help Center<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"\/>/);
    expect(html).toContain('<link rel="canonical" href="https://ordo.app/support/user-docs/records/locking"/>');
    expect(html).toContain('<meta property="og:url" content="https://ordo.app/support/user-docs/records/locking"/>');
    expect(html).toContain('<meta name="docsearch:docusaurus_tag" content="docs-default-current"/>');
  });
});
