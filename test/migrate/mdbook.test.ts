// `helpgen migrate` of an mdBook (test/fixtures/migrate/mdbook), then `helpgen build --strict`:
// every chapter at its mdBook address (a/b.html, a folder's README at a/index.html), the
// SUMMARY.md order and labels, book.toml's redirects, repository link, edit URL, favicon,
// site-url as the base path, and {{#include}} of files in the book expanded in the copies.
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { type MigratedSite, fingerprint, fixture, linksIn, migrateAndBuild, page, redirectTarget, sidebarLabels } from './migrate-helpers.ts';

const SOURCE = fixture('mdbook');
let site: MigratedSite;
let before: string;

beforeAll(() => {
  before = fingerprint(SOURCE);
  site = migrateAndBuild(SOURCE);
});

const book = () => join(site.dir, 'dist', 'guide');

describe('helpgen migrate (mdBook)', () => {
  it('detects the book, migrates it without touching it, and the site builds with --strict', () => {
    expect(site.migrate.status, site.migrate.stderr).toBe(0);
    expect(site.migrate.stdout).toMatch(/Migrated a mdbook site/);
    expect(site.build.status, site.build.stderr).toBe(0);
    expect(fingerprint(SOURCE)).toBe(before);
  });

  it('publishes every chapter at the .html address mdBook gives it, under site-url', () => {
    for (const file of ['index.html', 'start.html', 'usage/index.html', 'usage/config.html', 'usage/recipes.html', 'cli.html', 'contributors.html']) {
      expect(existsSync(join(book(), file)), file).toBe(true);
    }
    expect(page(book(), 'usage/config.html')).toContain('<title>Configuration | Widget Guide</title>');
  });

  it('keeps the SUMMARY.md order and labels (a draft chapter left out, as mdBook shows it unlinked)', () => {
    const labels = sidebarLabels(page(book(), 'usage/config.html'));
    expect(labels).toEqual(['Introduction', 'Getting started', '[Using widgets]', 'Configuration', 'Widget recipes', '[Reference]', 'Command line', 'Contributors']);
    // Contributors is a suffix chapter: at the top level, as in mdBook, not inside the Reference part.
    expect(page(book(), 'usage/config.html')).toMatch(/menu__list-item--level1"><a class="menu__link" href="\/guide\/contributors">Contributors</);
  });

  it('carries the redirects of output.html.redirect, resolved from the old page', () => {
    expect(redirectTarget(page(book(), 'getting-started.html'))).toBe('/guide/start');
    expect(redirectTarget(page(book(), 'usage/settings.html'))).toBe('/guide/usage/config#settings');
  });

  it('carries the repository link, the edit URL, the favicon and the description', () => {
    const html = page(book(), 'cli.html');
    expect(linksIn(html, '<div class="navbar__items navbar__items--right">', '<div class="navbar__search">')).toEqual([expect.stringMatching(/^Git repository.* → https:\/\/github.com\/widgets\/guide$/)]);
    expect(html).toContain('href="https://github.com/widgets/guide/edit/main/src/cli.md"');
    expect(html).toMatch(/<link rel="icon" href="\/guide\/favicon.png"/);
    expect(readFileSync(join(site.dir, 'help.config.ts'), 'utf8')).toContain("tagline: 'How to build and run widgets'");
  });

  it('expands includes of files in the book (whole file and one line) and keeps images at their address', () => {
    expect(readFileSync(join(site.dir, 'content/start.md'), 'utf8')).toContain('echo "hello, widget"');
    expect(readFileSync(join(site.dir, 'content/usage/recipes.md'), 'utf8')).not.toContain('{{#include');
    expect(page(book(), 'start.html')).toContain('hello, widget');
    expect(existsSync(join(book(), 'img/diagram.png'))).toBe(true);
  });

  it('reports the preprocessor and the theme files it did not carry over, with their lines', () => {
    expect(site.migrate.stdout).toMatch(/book\.toml:8: the "admonish" preprocessor is not run/);
    expect(site.migrate.stdout).toMatch(/book\.toml:15: output\.html\.additional-css is not carried over/);
  });

  it('copies no file a symbolic link in the book points at (it could be outside the book)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-migrate-link-'));
    cpSync(SOURCE, join(dir, 'book'), { recursive: true });
    symlinkSync('/etc/passwd', join(dir, 'book', 'src', 'img', 'passwd.png'));
    const run = runCli(['migrate', join(dir, 'book'), join(dir, 'out')]);
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(dir, 'out', 'static', 'img', 'passwd.png'))).toBe(false);
    expect(existsSync(join(dir, 'out', 'content', 'img', 'passwd.png'))).toBe(false);
    expect(existsSync(join(dir, 'out', 'static', 'img', 'diagram.png'))).toBe(true);
  });
});
