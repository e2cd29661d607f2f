import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { scanContent } from './scan.ts';
import { build } from '../pipeline/build.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-folder-pages-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function routes(files: Record<string, string>): Promise<{ routes: Record<string, string>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const source = await scanContent({ siteDir: site(files), baseUrl: '/support/', exclude: [], report: (d) => diagnostics.push(d) });
  return { routes: Object.fromEntries(source.docs.map((d) => [d.relPath, d.route])), diagnostics: diagnostics.filter((d) => d.code !== 'missing-title') };
}

const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nText.\n`;

describe('the page of a folder', () => {
  it('content/intro.md is the home page without any front matter for it', async () => {
    expect(await routes({ 'content/intro.md': '# Welcome\n\nHello.\n', 'content/guides/start.md': page('Start') })).toEqual({
      routes: { 'guides/start.md': '/support/guides/start', 'intro.md': '/support/' },
      diagnostics: [],
    });
  });

  it('a site of one intro.md builds with no error (nothing links to a missing home page)', async () => {
    const reporter = new Reporter(() => {});
    const dir = site({ 'content/intro.md': '---\ntitle: Welcome\ndescription: Start here.\n---\n\nHello.\n' });
    const result = await build({ siteDir: dir, reporter, write: false });
    expect(reporter.diagnostics).toEqual([]);
    expect(result.pages.find((p) => p.route === '/support/')?.title).toBe('Welcome');
  });

  it('index.md, README.md or a slug: / page takes the home page before intro.md', async () => {
    expect((await routes({ 'content/intro.md': page('Intro'), 'content/index.md': page('Home') })).routes).toEqual({ 'index.md': '/support/', 'intro.md': '/support/intro' });
    expect((await routes({ 'content/intro.md': page('Intro'), 'content/README.md': page('Home') })).routes).toEqual({ 'README.md': '/support/', 'intro.md': '/support/intro' });
    expect((await routes({ 'content/intro.md': page('Intro'), 'content/welcome.md': page('Welcome', 'slug: /\n') })).routes).toEqual({ 'intro.md': '/support/intro', 'welcome.md': '/support/' });
    expect((await routes({ 'content/intro.md': page('Intro', 'slug: /intro\n') })).routes).toEqual({ 'intro.md': '/support/intro' });
  });

  it('README.md beside index.md: index.md keeps the folder, the README gets its own page and a warning that says how to choose', async () => {
    const { routes: found, diagnostics } = await routes({
      'content/intro.md': page('Intro'),
      'content/guides/index.md': page('Guides'),
      'content/guides/README.md': page('About this folder'),
    });
    expect(found).toEqual({ 'guides/README.md': '/support/guides/README', 'guides/index.md': '/support/guides/', 'intro.md': '/support/' });
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'readme-beside-index',
        message: 'content/guides/index.md is the page for /support/guides/, so this README.md is published as its own page, /support/guides/README',
        position: { file: 'content/guides/README.md', line: 1, column: 1 },
        hint: 'To keep it out of the site (a note for people browsing the repository), add "guides/README.md" to docs.exclude in help.config.ts. To publish it at another address, give it "slug:" in its front matter.',
      },
    ]);
  });

  it('a README.md alone, or one with its own slug, is no warning', async () => {
    expect(await routes({ 'content/intro.md': page('Intro'), 'content/guides/README.md': page('Guides') })).toEqual({
      routes: { 'guides/README.md': '/support/guides/', 'intro.md': '/support/' },
      diagnostics: [],
    });
    const withSlug = await routes({ 'content/guides/index.md': page('Guides'), 'content/guides/README.md': page('About', 'slug: about-guides\n') });
    expect(withSlug).toEqual({ routes: { 'guides/README.md': '/support/guides/about-guides', 'guides/index.md': '/support/guides/' }, diagnostics: [] });
  });
});
