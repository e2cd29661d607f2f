// Sites written for Docusaurus, mdBook, VitePress and Jekyll build right (issue 15): the four
// miniatures in test/fixtures/real-world/ reproduce what failed on Electron's docs, The Rust
// Book, Vue's docs and Homebrew's docs. With default settings a build fails listing exactly the
// links that are really broken; with broken links set to warn it builds every page, titled and
// linked as the generator that wrote it would.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import type { Diagnostic } from '../../cli/diagnostics/errors.ts';
import type { DocPageData } from '../../shared/types.ts';
import { routeToOutputFile } from '../../cli/source/routes.ts';
import { fixture } from '../helpers/site.ts';

type DocSet = 'electron' | 'rust-book' | 'vue' | 'homebrew';

/** A copy of the miniature, optionally with a help.config.ts that only turns broken links into warnings. */
function site(name: DocSet, warn: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), `helpgen-real-world-${name}-`));
  cpSync(fixture(join('real-world', name)), dir, { recursive: true });
  if (warn) writeFileSync(join(dir, 'help.config.ts'), "export default { onBrokenLinks: 'warn' };\n");
  return dir;
}

async function failedBuild(name: DocSet): Promise<Diagnostic[]> {
  const reporter = new Reporter(() => {});
  await expect(build({ siteDir: site(name, false), write: false, reporter })).rejects.toThrow(/build failed with \d+ error/);
  return reporter.diagnostics;
}

async function warnBuild(name: DocSet): Promise<BuildResult> {
  return build({ siteDir: site(name, true), outDir: mkdtempSync(join(tmpdir(), `helpgen-real-world-out-`)), reporter: new Reporter(() => {}) });
}

const brokenLinks = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.code === 'broken-link').map((d) => `${d.position?.file}:${d.position?.line} ${/ to (\S+):/.exec(d.message)?.[1]}`);
const codes = (diagnostics: Diagnostic[], code: string) => diagnostics.filter((d) => d.code === code);
const doc = (result: BuildResult, route: string) => result.pages.find((p) => p.route === route) as DocPageData;
const html = (result: BuildResult, path: string) => readFileSync(join(result.outDir, routeToOutputFile(`/support/${path}`)), 'utf8');

describe('Electron-style docs (Docusaurus markdown)', () => {
  it('fails only on the links that leave the docs, each place they are written', async () => {
    const diagnostics = await failedBuild('electron');
    // The .md link out of the docs is a broken markdown link only (a warning, issue 33 item 5).
    expect(brokenLinks(diagnostics)).toEqual([
      'content/tutorial/quick-start.md:28 /DEPS',
      'content/tutorial/quick-start.md:29 /DEPS',
    ]);
    expect(codes(diagnostics, 'broken-markdown-link').map((d) => d.message)).toEqual(['link to "../../README.md": the file is outside content/, so it is not part of the site']);
    expect(codes(diagnostics, 'broken-anchor')).toEqual([]);
  });

  it('builds every page: line numbers, every highlighted line, .md?inline links, capitals HTML, markup in inline code', async () => {
    const result = await warnBuild('electron');
    expect(result.pages.filter((p) => p.kind === 'doc').map((p) => p.title).sort()).toEqual(['BrowserWindow', 'BrowserWindowConstructorOptions Object', 'Official Guides', 'Quick Start']);
    const quickStart = html(result, 'tutorial/quick-start');
    expect(quickStart).toMatch(/<pre class="[^"]*line-numbers/);
    expect(quickStart.match(/class="line highlighted"/g)).toHaveLength(4); // lines 1, 3, 4 and the single line of {1-99999999}
    const api = html(result, 'api/browser-window');
    expect(api).toContain('<a href="/support/api/structures/browser-window-options?inline">BrowserWindowOptions</a> object');
    expect(api).toContain('<kbd>Ctrl</kbd>+<b>R</b>');
    expect(api).toContain('<div class="note">Options are listed below.</div>');
    expect(api).toContain('<code>&#x3C;img src="/logo.png">');
  });
});

describe('Rust Book-style docs (mdBook)', () => {
  it('fails only on the links to the standard library outside the book', async () => {
    const diagnostics = await failedBuild('rust-book');
    expect(brokenLinks(diagnostics)).toEqual(['content/ch01-01-installation.md:5 /std/index.html', 'content/ch01-01-installation.md:5 /std/result/enum.Result.html']);
    expect(codes(diagnostics, 'broken-anchor')).toEqual([]);
    // There is no index page: home links go to the first page, with one warning instead of an error on every page.
    expect(codes(diagnostics, 'no-home-page')).toHaveLength(1);
  });

  it('titles chapters from their parsed first heading and resolves .html links and old <a id> anchors', async () => {
    const result = await warnBuild('rust-book');
    expect(doc(result, '/support/ch01-02-hello-world').title).toBe('Hello, World!'); // not "this is a shell comment…"
    expect(doc(result, '/support/ch01-01-installation').title).toBe('Installation'); // a chapter that starts with ##
    expect(html(result, 'ch01-01-installation')).toContain('href="/support/ch01-02-hello-world#writing-and-running-a-rust-program"');
    expect(html(result, 'ch01-00-getting-started')).toContain('<a href="/support/ch01-01-installation">Installation</a>');
    // SUMMARY.md is the table of contents, not a page: the home link goes to its first chapter, as in mdBook.
    expect(html(result, 'ch01-00-getting-started')).toMatch(/<a class="navbar__brand" href="\/support\/ch01-00-getting-started"/);
    expect(result.pages.some((p) => p.route === '/support/SUMMARY')).toBe(false);
  });
});

describe('Vue-style docs (VitePress)', () => {
  it('fails on nothing but warns about the one anchor that is really missing', async () => {
    const result = await warnBuild('vue');
    expect(brokenLinks(result.reporter.diagnostics)).toEqual([]);
    expect(codes(result.reporter.diagnostics, 'broken-anchor').map((d) => `${d.position?.file}:${d.position?.line} ${d.message}`)).toEqual([
      'content/api/reactivity-core.md:5 link "defineComponent()" points to #definecomponent, which does not exist on /support/api/reactivity-core',
    ]);
  });

  it('keeps {#id} out of titles and sidebar, and resolves .html links and public/ files', async () => {
    const result = await warnBuild('vue');
    expect(doc(result, '/support/guide/essentials/reactivity-fundamentals').title).toBe('Reactivity Fundamentals');
    const page = html(result, 'guide/essentials/reactivity-fundamentals');
    expect(page).not.toContain('{#');
    expect(page).toContain('<h2 id="declaring-reactive-state">');
    expect(page).toContain('href="/support/guide/essentials/lifecycle#lifecycle-diagram"');
    expect(page).toMatch(/<img src="\/support\/assets\/files\/logo\.[0-9a-f]{10}\.svg" alt="Vue logo"/);
    expect(html(result, 'api/reactivity-core')).toContain('<h2 id="web-accessibility-initiative-–-aria">Web Accessibility Initiative – Accessible Rich Internet Applications<a');
  });
});

describe('Homebrew-style docs (Jekyll)', () => {
  it('fails only on the /rubydoc links, which another site serves', async () => {
    const diagnostics = await failedBuild('homebrew');
    expect(brokenLinks(diagnostics)).toEqual([
      'content/Formula-Cookbook.md:5 /support/rubydoc/Formula.html',
      'content/Formula-Cookbook.md:5 /support/rubydoc/Formula.html#depends_on-class_method',
      'content/index.md:6 /support/rubydoc/Formula.html',
    ]);
    expect(codes(diagnostics, 'broken-anchor')).toEqual([]);
  });

  it('links pages named with + the same way from the sidebar, pagination and the text', async () => {
    const result = await warnBuild('homebrew');
    const home = html(result, '');
    expect(home).toContain('<a href="/support/C%2B%2B-Standard-Libraries">C++ Standard Libraries</a>');
    expect(html(result, 'Formula-Cookbook')).toContain('href="/support/C%2B%2B-Standard-Libraries"');
    expect(doc(result, '/support/Manpage').title).toBe('brew(1) -- The Missing Package Manager for macOS (or Linux)');
  });
});
