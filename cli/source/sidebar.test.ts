// The home page leads the sidebar and pagination by default; docs.sidebar.home: false leaves it
// to the logo (a migrated Docusaurus site, whose home page is no doc). A page with
// sidebar_hidden: true is in neither, unless SUMMARY.md names it.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanContent } from './scan.ts';
import { breadcrumbsFor, buildSidebar, paginationFor } from './sidebar.ts';

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

describe('pages with sidebar_hidden: true', () => {
  const hiddenDir = mkdtempSync(join(tmpdir(), 'helpgen-sidebar-hidden-'));
  afterAll(() => rmSync(hiddenDir, { recursive: true, force: true }));
  const site: Record<string, string> = {
    'index.md': '---\ntitle: Home\n---\n\nWelcome.\n',
    'intro.md': '---\ntitle: Intro\nsidebar_position: 1\n---\n\nFirst.\n',
    'secret.md': '---\ntitle: Secret\nsidebar_position: 2\nsidebar_hidden: true\n---\n\nOff the list.\n',
    'later.md': '---\ntitle: Later\nsidebar_position: 3\n---\n\nLast.\n',
    'guides/_category_.json': '{"label": "Guides", "position": 4, "link": {"type": "doc", "id": "overview"}}',
    'guides/overview.md': '---\ntitle: Overview\nsidebar_hidden: true\n---\n\nThe guides.\n',
    'guides/setup.md': '---\ntitle: Setup\nsidebar_position: 1\n---\n\nSet up.\n',
    'guides/internal.md': '---\ntitle: Internal\nsidebar_position: 2\nsidebar_hidden: true\n---\n\nFor staff.\n',
    // A folder of hidden pages only, with no page of its own: no empty heading in the sidebar.
    'drafts/wip.md': '---\ntitle: Work in progress\nsidebar_hidden: true\n---\n\nSoon.\n',
  };
  for (const [path, text] of Object.entries(site)) {
    mkdirSync(dirname(join(hiddenDir, 'content', path)), { recursive: true });
    writeFileSync(join(hiddenDir, 'content', path), text);
  }
  const scanned = () => scanContent({ siteDir: hiddenDir, baseUrl: '/support/', exclude: [], report: () => {} });

  it('leaves the page out of the sidebar and out of prev/next, its neighbours linking past it', async () => {
    const model = buildSidebar(await scanned(), '/support/');
    expect(labels(model.items)).toEqual(['Home', 'Intro', 'Later', 'Guides']);
    const guides = model.items[3]!;
    expect(guides.type === 'category' && labels(guides.items)).toEqual(['Setup']);
    expect(model.order.map((link) => link.href)).toEqual(['/support/', '/support/intro', '/support/later', '/support/guides/overview', '/support/guides/setup']);
    expect(paginationFor(model, '/support/intro').next?.href).toBe('/support/later');
    expect(paginationFor(model, '/support/later').prev?.href).toBe('/support/intro');
    // The hidden page itself has no place in the reading order, so no prev/next of its own.
    expect(paginationFor(model, '/support/secret')).toEqual({});
  });

  it('keeps a hidden category page as the category\'s link, and the breadcrumbs of a hidden page', async () => {
    const model = buildSidebar(await scanned(), '/support/');
    expect(model.items[3]).toMatchObject({ type: 'category', label: 'Guides', href: '/support/guides/overview' });
    expect(paginationFor(model, '/support/guides/overview').next?.href).toBe('/support/guides/setup');
    expect(breadcrumbsFor(model, 'guides', 'Internal')).toEqual([{ label: 'Guides' }, { label: 'Internal' }]);
  });

  it('lists a hidden page that SUMMARY.md names (the explicit sidebar wins), and no other', async () => {
    writeFileSync(join(hiddenDir, 'content', 'SUMMARY.md'), '# Book\n\n- [Intro](intro.md)\n- [Secret](secret.md)\n');
    try {
      const model = buildSidebar(await scanned(), '/support/');
      expect(labels(model.items)).toEqual(['Intro', 'Secret', 'Home', 'Later', 'Guides']);
      const guides = model.items[4]!;
      expect(guides.type === 'category' && labels(guides.items)).toEqual(['Setup']);
      expect(paginationFor(model, '/support/secret').prev?.href).toBe('/support/intro');
    } finally {
      rmSync(join(hiddenDir, 'content', 'SUMMARY.md'));
    }
  });
});
