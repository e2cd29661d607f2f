import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load.ts';
import { navKey } from './jekyll-nav.ts';
import { jekyllUrl, readJekyll } from './jekyll.ts';

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-jekyll-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('Jekyll addresses', () => {
  it('gives a/b.md /a/b (written to a/b.html) or /a/b/ with permalink: pretty, a folder index /a/', () => {
    expect(jekyllUrl('guides/install.md', false)).toBe('/guides/install');
    expect(jekyllUrl('guides/install.markdown', true)).toBe('/guides/install/');
    expect(jekyllUrl('guides/index.md', false)).toBe('/guides/');
    expect(jekyllUrl('guides/README.md', false)).toBe('/guides/README');
    expect(jekyllUrl('guides/README.md', false, true)).toBe('/guides/');
  });

  it('keys navigation links with or without .html, index, the base path or a trailing slash', () => {
    for (const link of ['/guides/install.html', '/guides/install', '/guides/install/', '/notes/guides/install.html#x', 'guides/install.md']) expect(navKey(link, '/notes/'), link).toBe('/guides/install');
    expect(navKey('/index.html', '/')).toBe('/');
    expect(navKey('/notes/', '/notes/')).toBe('/');
    expect(navKey('/reference/index.html', '/')).toBe('/reference');
  });
});

describe('readJekyll', () => {
  it('reads permalink: pretty, header_pages as the navbar, nav_order, and a list of navigation links as the header', async () => {
    const plan = await readJekyll(site({
      '_config.yml': 'title: Pretty\npermalink: pretty\nheader_pages:\n  - about.md\n  - missing.md\n',
      'index.md': '# Home\n',
      'about.md': '---\ntitle: About us\nnav_order: 3\n---\nText.\n',
      'changelog.md': '---\ntitle: Changelog\nnav_exclude: true\n---\nText.\n',
      'guide.md': '---\npermalink: /start.html\n---\n# Guide\n',
    }));
    expect(plan.config).toMatchObject({ title: 'Pretty', trailingSlash: true, navbar: { items: [{ type: 'default', position: 'left', label: 'About us', to: '/about/' }, { type: 'search', position: 'right' }] } });
    expect(plan.config.pageFiles).toBeUndefined();
    expect(plan.pages.find((p) => p.from === 'about.md')?.frontMatter).toEqual({ sidebar_position: 3 });
    // Just the Docs' nav_exclude: built, not in the navigation.
    expect(plan.pages.find((p) => p.from === 'changelog.md')?.frontMatter).toEqual({ sidebar_hidden: true });
    expect(plan.pages.find((p) => p.from === 'guide.md')?.frontMatter).toEqual({ slug: '/start', title: 'Guide' });
    expect(plan.problems).toContainEqual(expect.objectContaining({ file: '_config.yml', line: 5, message: expect.stringMatching(/header_pages names missing\.md/) }));
    expect(() => validateConfig(plan.config, 'help.config.ts', { siteDir: mkdtempSync(join(tmpdir(), 'helpgen-site-')) })).not.toThrow();
  });

  it('reads a flat navigation list as the navbar, and one with children as the sidebar', async () => {
    const header = await readJekyll(site({ '_config.yml': 'title: T\n', '_data/navigation.yml': '- title: About\n  url: /about.html\n- name: Blog\n  link: https://blog.example\n', 'index.md': '# Home\n', 'about.md': '# About\n' }));
    expect(header.config.navbar?.items).toEqual([{ type: 'default', position: 'left', label: 'About', to: '/about' }, { type: 'default', position: 'left', label: 'Blog', href: 'https://blog.example' }, { type: 'search', position: 'right' }]);
    const sidebar = await readJekyll(site({ '_config.yml': 'title: T\n', '_data/navigation.json': '[{"title": "Docs", "children": [{"title": "B first", "url": "/b"}, {"title": "A", "url": "/a"}]}]', 'index.md': '# Home\n', 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' }));
    expect(sidebar.categories).toEqual([{ folder: 'docs', label: 'Docs', position: 1 }]);
    expect(sidebar.pages.find((p) => p.from === 'b.md')).toEqual({ from: 'b.md', to: 'docs/b.md', frontMatter: { sidebar_position: 1, sidebar_label: 'B first', slug: '/b', title: 'B' } });
    expect(sidebar.config.docs).toEqual({ sidebar: { home: false } });
    // c.md is in no list: kept out of the sidebar, as the theme's sidebar left it out.
    expect(sidebar.pages.find((p) => p.from === 'c.md')?.frontMatter).toEqual({ sidebar_hidden: true, title: 'C' });
    expect(sidebar.pages.filter((p) => p.frontMatter.sidebar_hidden).map((p) => p.from)).toEqual(['c.md']);
    expect(sidebar.problems).toContainEqual(expect.objectContaining({ file: 'c.md', message: expect.stringMatching(/in no list of the navigation, so it is kept out of the sidebar/) }));
  });

  it('without _config.yml, reads the pages with Jekyll\'s defaults and says the sidebar follows the folders', async () => {
    const plan = await readJekyll(site({ 'index.md': '---\nlast_review_date: "2026-01-01"\n---\nStart with [installing](Install.md).\n', 'Install.md': '# Installation\n', 'sub/README.md': '# Sub\n' }));
    expect(plan.config).toMatchObject({ baseUrl: '/', pageFiles: 'html' });
    // No title anywhere: the folder names the site, and the home page (which has no heading) too.
    expect(plan.config.title).toMatch(/^Helpgen jekyll /);
    expect(plan.pages).toEqual([
      { from: 'Install.md', to: 'Install.md', frontMatter: { title: 'Installation' } },
      { from: 'index.md', to: 'index.md', frontMatter: { title: plan.config.title } },
      // A folder's README.md without index.md is its page (/sub/), as helpgen reads it: no slug.
      { from: 'sub/README.md', to: 'sub/README.md', frontMatter: { title: 'Sub' } },
    ]);
    expect(plan.problems.map((p) => p.message)).toEqual([expect.stringMatching(/There is no _config\.yml/), expect.stringMatching(/the sidebar falls back to the folder order/)]);
  });

  it('reports a _config.yml that is not YAML at its line, and reads no page', async () => {
    const plan = await readJekyll(site({ '_config.yml': 'title: T\nexclude: [a\n', 'a.md': '# A\n' }));
    expect(plan.pages).toEqual([]);
    expect(plan.problems).toEqual([expect.objectContaining({ file: '_config.yml', line: 3, message: expect.stringMatching(/cannot be read/) })]);
  });
});
