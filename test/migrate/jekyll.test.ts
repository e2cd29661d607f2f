// `helpgen migrate` of a Jekyll site (test/fixtures/migrate/jekyll: GitHub Pages style, with
// _config.yml, _data/navigation.yml, permalink and redirect_from front matter, kramdown), then
// `helpgen build --strict`: every page at its Jekyll address, the navigation's order and labels,
// the redirects, kramdown's {:toc} and attribute lines rendered, Jekyll's own files left behind.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { type MigratedSite, fingerprint, fixture, linksIn, migrateAndBuild, page, redirectTarget, sidebarLabels } from './migrate-helpers.ts';

const SOURCE = fixture('jekyll');
let site: MigratedSite;
let before: string;

beforeAll(() => {
  before = fingerprint(SOURCE);
  site = migrateAndBuild(SOURCE);
});

const notes = () => join(site.dir, 'dist', 'notes');

describe('helpgen migrate (Jekyll)', () => {
  it('detects the site by _config.yml, migrates it without touching it, and the site builds with --strict', () => {
    expect(site.migrate.status, site.migrate.stderr).toBe(0);
    expect(site.migrate.stdout).toMatch(/Migrated a jekyll site/);
    expect(site.build.status, site.build.stderr).toBe(0);
    expect(fingerprint(SOURCE)).toBe(before);
  });

  it('carries the title, description, url and baseurl', () => {
    const config = readFileSync(join(site.dir, 'help.config.ts'), 'utf8');
    expect(config).toContain("title: 'Ordo Notes'");
    expect(config).toContain("tagline: 'Short answers about Ordo'");
    expect(config).toContain("url: 'https://notes.ordo.example'");
    expect(config).toContain("baseUrl: '/notes/'");
  });

  it('publishes every page at its Jekyll address: a/b.html, a folder\'s README at a/, a permalink as written', () => {
    for (const file of ['index.html', 'guides/install.html', 'faq.html', 'reference/index.html', 'reference/api.html', 'configuration/index.html']) {
      expect(existsSync(join(notes(), file)), file).toBe(true);
    }
    // The home page has no heading (its layout showed the site's name): the site names it.
    expect(page(notes(), 'index.html')).toContain('<title>Ordo Notes</title>');
    expect(page(notes(), 'configuration/index.html')).toContain('<title>Configure Ordo | Ordo Notes</title>');
  });

  it('keeps _data/navigation.yml: the sidebar\'s order and labels, the header links in the navbar, the home page out of the sidebar', () => {
    const html = page(notes(), 'guides/install.html');
    expect(sidebarLabels(html)).toEqual(['[Getting started]', 'Install', 'Configure', '[Reference]', 'FAQ']);
    expect(html).toMatch(/<a class="menu__link menu__link--sublist[^"]*" href="\/notes\/reference\/">Reference</);
    expect(linksIn(html, '<div class="navbar__items">', '<div class="navbar__search">')).toEqual(['Guides → /notes/guides/install', expect.stringMatching(/^GitHub.* → https:\/\/github.com\/ordo\/notes$/)]);
  });

  it('writes links made with relative_url and the site\'s title as helpgen reads them', () => {
    expect(readFileSync(join(site.dir, 'content/index.md'), 'utf8')).toContain('Welcome to {{title}}. Start with [installing Ordo](/guides/install.html)');
    expect(page(notes(), 'index.html')).toMatch(/Welcome to Ordo Notes\. Start with <a href="\/notes\/guides\/install"/);
  });

  it('keeps redirect_from working', () => {
    expect(redirectTarget(page(notes(), 'setup.html'))).toBe('/notes/guides/install');
    expect(redirectTarget(page(notes(), 'old/install/index.html'))).toBe('/notes/guides/install');
  });

  it('renders kramdown as Jekyll did: {:toc} is the table of contents, attribute lines go, {#id} is the anchor', () => {
    const copy = readFileSync(join(site.dir, 'content/guides/install.md'), 'utf8');
    expect(copy).toContain('::toc');
    expect(copy).not.toContain('{:');
    const html = page(notes(), 'guides/install.html');
    expect(html).toContain('<div class="inline-toc"');
    expect(html).toContain('id="first-run"');
    // configure.markdown is a .md page now, and the links to it follow.
    expect(existsSync(join(site.dir, 'content/guides/configure.md'))).toBe(true);
    expect(copy).toContain('[Configure it](./configure.md#options)');
    expect(page(notes(), 'guides/install.html')).toMatch(/href="\/notes\/configuration\/#options"/);
  });

  it('copies images beside the pages, and none of Jekyll\'s own files, excluded folders, drafts or posts', () => {
    expect(existsSync(join(site.dir, 'content/guides/img/screen.png'))).toBe(true);
    expect(existsSync(join(site.dir, 'content/assets/logo.svg'))).toBe(true);
    for (const left of ['content/Gemfile', 'content/scripts/deploy.sh', 'content/drafts.md', 'content/_posts', 'static/404.html', 'content/assets/css/style.scss', 'content/_includes']) {
      expect(existsSync(join(site.dir, left)), left).toBe(false);
    }
  });

  it('reports what it did not carry over, at its file and line', () => {
    const out = site.migrate.stdout;
    expect(out).toMatch(/_config\.yml:5: The theme minima is not carried over/);
    expect(out).toMatch(/_config\.yml:8: The plugin jekyll-feed is not run/);
    expect(out).not.toMatch(/jekyll-redirect-from/);
    expect(out).toMatch(/_posts\/: The blog posts in _posts\/ are not carried over/);
    expect(out).toMatch(/404\.html:1: 1 file\(s\) that Jekyll renders with Liquid/);
    expect(out).toMatch(/drafts\.md:1: The page has published: false/);
    expect(out).toMatch(/The sidebar link "Status" leads to another site/);
  });

  it('reads a _config.yml beside another generator\'s config as that repository\'s GitHub Pages settings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-migrate-both-'));
    cpSync(fixture('mkdocs'), join(dir, 'site'), { recursive: true });
    writeFileSync(join(dir, 'site', '_config.yml'), 'theme: jekyll-theme-minimal\n');
    const run = runCli(['migrate', join(dir, 'site'), join(dir, 'out'), '--dry-run']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Would migrate a mkdocs site/);
  });
});
