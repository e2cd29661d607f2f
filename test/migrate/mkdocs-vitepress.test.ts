// `helpgen migrate` of the MkDocs and VitePress fixtures (test/fixtures/migrate/), then
// `helpgen build --strict` of each result: the pages at the addresses their generator gives them,
// the redirects, and the source folder left as it was. (The readers' plans are tested in
// cli/migrate/mkdocs.test.ts and cli/migrate/vitepress.test.ts.)
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
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

  it('keeps the pages nav leaves out (not_in_nav\'s too) out of the sidebar, built at their addresses', () => {
    // (Reference's pages load when it is opened: this page carries its own section only.)
    expect(sidebarLabels(page(dist(), 'guides/install/index.html')).filter((label) => label !== 'Home')).toEqual(['[Getting started]', 'Install', 'Your first record', '[Reference]']);
    for (const folder of ['stray', 'drafts']) expect(existsSync(join(dist(), folder, 'index.html')), folder).toBe(true);
    expect(readFileSync(join(site.dir, 'content/stray.md'), 'utf8')).toMatch(/^sidebar_hidden: true$/m);
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

  it('keeps the pages no sidebar lists out of the sidebar, built at their addresses', () => {
    const labels = sidebarLabels(page(dist(), 'guide/what-is-ordo.html'));
    expect(labels).toContain('What is Ordo?');
    expect(labels.filter((label) => ['Notes for contributors', 'The CLI', '[Packages]', '[Cli]'].includes(label))).toEqual([]);
    for (const file of ['README.html', 'cli/index.html']) expect(existsSync(join(dist(), file)), file).toBe(true);
  });

  it('finds the site in a repository\'s docs/ folder, as `vitepress build docs` does', () => {
    const repo = mkdtempSync(join(tmpdir(), 'helpgen-vitepress-repo-'));
    cpSync(SOURCE, join(repo, 'docs'), { recursive: true });
    writeFileSync(join(repo, 'README.md'), '# The repository, not a page of the site\n');
    const run = runCli(['migrate', repo, join(repo, '..', `${basename(repo)}-out`)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Reading the site in docs\//);
    expect(run.stdout).toMatch(/Migrated a vitepress site/);
    const out = join(repo, '..', `${basename(repo)}-out`);
    expect(readFileSync(join(out, 'help.config.ts'), 'utf8')).toContain("baseUrl: '/docs/'");
    expect(existsSync(join(out, 'content', 'guide', 'introduction', 'what-is-ordo.md'))).toBe(true);
    expect(existsSync(join(out, 'content', 'README.md'))).toBe(true);
    expect(readFileSync(join(out, 'content', 'README.md'), 'utf8')).not.toContain('The repository');
  });
});
