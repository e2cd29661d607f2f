// `helpgen migrate` of the MkDocs and VitePress fixtures (test/fixtures/migrate/), then
// `helpgen build --strict` of each result: the pages at the addresses their generator gives them,
// the redirects, and the source folder left as it was. (The readers' plans are tested in
// cli/migrate/mkdocs.test.ts and cli/migrate/vitepress.test.ts.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MigratedSite, fingerprint, fixture, migrateAndBuild, page, redirectTarget, sidebarLabels } from './migrate-helpers.ts';

describe('helpgen migrate (MkDocs)', () => {
  const SOURCE = fixture('mkdocs');
  let site: MigratedSite;
  let before: string;
  beforeAll(() => {
    before = fingerprint(SOURCE);
    site = migrateAndBuild(SOURCE);
  });
  const dist = () => join(site.dir, 'dist', 'handbook');

  it('migrates without touching the source, and the site builds with --strict', () => {
    expect(site.migrate.status, site.migrate.stderr).toBe(0);
    expect(site.build.status, site.build.stderr).toBe(0);
    expect(fingerprint(SOURCE)).toBe(before);
  });

  it('publishes every page at its MkDocs address (a/b.md at /a/b/), in the order of nav:', () => {
    for (const folder of ['glossary', 'guides', 'guides/install', 'guides/first-record', 'reference/api']) expect(existsSync(join(dist(), folder, 'index.html')), folder).toBe(true);
    // (The home page leads the sidebar or stands above it, as the theme has it.)
    const labels = sidebarLabels(page(dist(), 'guides/install/index.html')).filter((label) => label !== 'Home');
    expect(labels.slice(0, 3)).toEqual(['[Getting started]', 'Install', 'Your first record']);
  });

  it('opens a section\'s index.md from the section\'s label (navigation.indexes), not as one more page in it', () => {
    const html = page(dist(), 'guides/install/index.html');
    expect(html).toMatch(/<a class="menu__link menu__link--sublist[^"]*" href="\/handbook\/guides\/">Getting started</);
    expect(readFileSync(join(site.dir, 'content/guides/_category_.json'), 'utf8')).toContain('"id": "index"');
  });

  it('keeps the redirects plugin\'s old addresses working', () => {
    expect(redirectTarget(page(dist(), 'old-install/index.html'))).toMatch(/\/handbook\/guides\/install\/?$/);
  });
});

describe('helpgen migrate (VitePress)', () => {
  const SOURCE = fixture('vitepress');
  let site: MigratedSite;
  let before: string;
  beforeAll(() => {
    before = fingerprint(SOURCE);
    site = migrateAndBuild(SOURCE);
  });
  const dist = () => join(site.dir, 'dist', 'docs');

  it('migrates without touching the source, and the site builds with --strict', () => {
    expect(site.migrate.status, site.migrate.stderr).toBe(0);
    expect(site.build.status, site.build.stderr).toBe(0);
    expect(fingerprint(SOURCE)).toBe(before);
  });

  it('publishes every page at its VitePress address (a/b.md at /a/b.html)', () => {
    for (const file of ['guide/what-is-ordo.html', 'guide/getting-started.html', 'about.html', 'README.html', 'favicon.ico']) expect(existsSync(join(dist(), file)), file).toBe(true);
    expect(page(dist(), 'index.html')).toContain('<nav');
  });
});
