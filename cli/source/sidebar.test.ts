// The home page leads the sidebar and pagination by default; docs.sidebar.home: false leaves it
// to the logo (a migrated Docusaurus site, whose home page is no doc).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanContent } from './scan.ts';
import { buildSidebar, paginationFor } from './sidebar.ts';

const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-sidebar-'));
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'index.md': '---\ntitle: Home\nsidebar_position: 9\n---\n\nWelcome.\n',
  'intro.md': '---\ntitle: Intro\nsidebar_position: 1\n---\n\nFirst.\n',
  'guides/setup.md': '---\ntitle: Setup\n---\n\nSet up.\n',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(siteDir, 'content', path)), { recursive: true });
  writeFileSync(join(siteDir, 'content', path), text);
}

const labels = (items: ReturnType<typeof buildSidebar>['items']) => items.map((item) => item.label);

describe('the home page in the sidebar', () => {
  it('leads the sidebar and pagination whatever its position, unless docs.sidebar.home is false', async () => {
    const source = await scanContent({ siteDir, baseUrl: '/support/', exclude: [], report: () => {} });

    const withHome = buildSidebar(source, '/support/');
    expect(labels(withHome.items)).toEqual(['Home', 'Intro', 'Guides']);
    expect(paginationFor(withHome, '/support/intro').prev?.href).toBe('/support/');

    const withoutHome = buildSidebar(source, '/support/', { home: false });
    expect(labels(withoutHome.items)).toEqual(['Intro', 'Guides']);
    expect(paginationFor(withoutHome, '/support/intro').prev).toBeUndefined();
    expect(withoutHome.order.map((link) => link.href)).not.toContain('/support/');
  });
});
