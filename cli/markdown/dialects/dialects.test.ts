// Issue 33, items 7-11: each dialect's fixture page (test/fixtures/dialects/) renders as its
// home generator shows it, or is reported once per kind with file:line; nothing shows raw.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createMarkdownRenderer } from '../pipeline.ts';
import { markdownSite } from '../stub-site.ts';

const contentDir = resolve(__dirname, '../../../test/fixtures/dialects');

async function render(name: string) {
  const site = markdownSite({ contentDir, isFile: (abs) => abs.startsWith(contentDir) && existsSync(abs) && statSync(abs).isFile() });
  const renderer = createMarkdownRenderer(site);
  const source = readFileSync(join(contentDir, name), 'utf8');
  const out = await renderer(source, { relPath: name, displayPath: `content/${name}`, route: `/support/${name.replace(/\.md$/, '')}` });
  const warnings = site.diagnostics.map((d) => `${d.position?.file}:${d.position?.line}: ${d.code}: ${d.message}`);
  return { html: out.html, warnings, diagnostics: site.diagnostics };
}

/** The text of each code block, as the copy button copies it. */
const codeTexts = (html: string) => [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&#x26;|&amp;/g, '&').replace(/&#x3C;|&lt;/g, '<').replace(/&quot;/g, '"'));

/** The page's text without tags: what a reader sees. */
const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('MkDocs Material', () => {
  it('renders !!! / ??? / ???+ admonitions, === tabs and snippets inside the site; reports one outside', async () => {
    const { html, warnings } = await render('mkdocs.md');
    expect(html).toContain('<div class="admonition admonition-warning"><p class="admonition-heading">Before you restore</p><div class="admonition-content"><p>Restoring replaces <strong>every</strong> record.</p>');
    expect(html).toMatch(/<details><summary>Why nightly\?<\/summary>\s*<p>Nightly copies are small.<\/p>\s*<\/details>/);
    expect(html).toMatch(/<details open><summary>Note<\/summary>/);
    expect(html).toContain('<button type="button" class="tabs__tab" role="tab" id="tabs-1-tab-1" aria-selected="true" aria-controls="tabs-1-panel-1" tabindex="0">macOS</button>');
    expect(html).toContain('>Windows</button>');
    expect(html).toContain('<div class="admonition admonition-info"><p class="admonition-heading">Info</p><div class="admonition-content"><p>Nested in a tab.</p>');
    expect(html.match(/Footer text from a snippet\./g)).toHaveLength(2);
    expect(html).toContain('<div class="admonition admonition-danger"><div class="admonition-content"><p>A box without a title bar.</p>');
    expect(visible(html)).not.toMatch(/!!!|\?\?\?|===|\{!/);
    expect(warnings).toEqual(['content/mkdocs.md:29: include-not-found: --8<-- of "../outside.md" shown as written: the file is outside content/']);
  });
});

describe('Docusaurus', () => {
  it('renders <Tabs>/<TabItem> as synced tabs, <details>, :::details and <Admonition>; drops the theme imports', async () => {
    const { html, warnings } = await render('docusaurus.md');
    expect(html).toContain('<div class="tabs" data-group="package-manager">');
    expect(html).toContain('>npm</button>');
    // <TabItem default> is the tab shown first, as in Docusaurus.
    expect(html).toContain('aria-selected="true" aria-controls="tabs-1-panel-2" tabindex="0">Yarn</button>');
    expect(html).toMatch(/id="tabs-1-panel-1"[^>]*hidden>/);
    expect(codeTexts(html)).toContain('npm install ordo');
    expect(html).toContain('<p>Run <strong>yarn</strong>.</p>');
    expect(html).toMatch(/<details>\s*<summary>Proxy settings<\/summary>\s*<p>Set <code>HTTPS_PROXY<\/code> <strong>first<\/strong>.<\/p>\s*<\/details>/);
    expect(html).toMatch(/<details><summary>Older versions<\/summary>\s*<p>Use version 1.<\/p>\s*<\/details>/);
    expect(html).toContain('<div class="admonition admonition-tip"><p class="admonition-heading">Offline</p><div class="admonition-content"><p>Works <em>offline</em>.</p>');
    expect(visible(html)).not.toMatch(/import|TabItem|<|Admonition/);
    // <DocCardList /> leaves the place its cards go (filled with the sidebar: test/build/doc-card-list.test.ts).
    expect(html).toContain('<div class="doc-card-list"></div>');
    expect(warnings).toEqual([]);
  });
});

describe('mdBook', () => {
  it('includes files inside the site by anchor and line range, keeps the <Listing> caption and file name, reports the rest', async () => {
    const { html, warnings } = await render('mdbook.md');
    expect(html).toContain('<figure class="listing"><span class="listing__file">Filename: src/main.rs</span>');
    expect(html).toContain('<figcaption>Listing 2-1: Reading a <code>guess</code></figcaption></figure>');
    expect(visible(html)).not.toContain('ANCHOR');
    expect(html).toMatch(/<blockquote>[\s\S]*<figure class="listing">[\s\S]*<figcaption>Listing 2-2: An <code>Option&#x3C;T><\/code> value<\/figcaption><\/figure>/);
    expect(visible(html)).toContain('Written out: {{#include listings/main.rs}}');
    expect(visible(html)).not.toContain('{{#rustdoc_include');
    expect(warnings).toEqual(['content/mdbook.md:16: include-not-found: {{#include …}} of "../../listings/elsewhere.rs" shown as written: the file is outside content/']);
  });

  it('takes exactly the lines a range names', async () => {
    const { html } = await render('mdbook.md');
    expect(codeTexts(html).slice(0, 2)).toEqual(['use std::io;', 'fn main() {\n    println!("Guess!");']);
  });
});

describe('VitePress', () => {
  it('removes <script setup> and <style> whole (one warning each), renders ::: details, keeps <ClientOnly> content', async () => {
    const { html, warnings } = await render('vitepress.md');
    expect(html).toMatch(/<details><summary>Click to expand<\/summary>\s*<p>Hidden <strong>detail<\/strong>.<\/p>/);
    expect(html).toContain('<p>Only in the browser: <em>kept</em>.</p>');
    expect(visible(html)).not.toMatch(/ref\(0\)|color: red|import|ClientOnly/);
    expect(warnings.map((w) => w.replace(/^([^:]*:\d+: [\w-]+).*$/, '$1'))).toEqual(['content/vitepress.md:3: script-block', 'content/vitepress.md:18: style-block']);
  });
});

describe('Jekyll and kramdown', () => {
  it('makes {:toc} the table of contents, removes attribute lists, shows {% raw %} text and reports other Liquid once', async () => {
    const { html, warnings } = await render('jekyll.md');
    expect(html).toContain('<div class="inline-toc" role="navigation" aria-label="Table of contents"><ul><li><a href="#requirements">Requirements</a><ul><li><a href="#the-details">Details</a></li></ul></li></ul></div>');
    expect(html).toContain('<p>Text with a class.</p>');
    expect(html).toContain('<h3 id="the-details">');
    expect(visible(html)).toContain('Use {{ name }} in templates.');
    expect(visible(html)).not.toMatch(/\{:|\{% raw|endraw|Table of contents/);
    expect(warnings).toEqual(['content/jekyll.md:19: liquid-tag: Liquid tag "{% include %}" shown as written: helpgen does not run Liquid (and 2 more on this page)']);
  });
});

describe('positions after a rewrite', () => {
  it('reports a problem inside a dedented or included body at the line and column the writer wrote', async () => {
    const site = markdownSite({ contentDir, isFile: (abs) => abs.startsWith(contentDir) && existsSync(abs) && statSync(abs).isFile() });
    const renderer = createMarkdownRenderer(site);
    const source = '# Page\n\n--8<-- "snippets/footer.md"\n\n=== "One"\n\n    Text.\n\n=== "Two"\n\n    !!! note\n        See [the guide](./missing-guide.md).\n';
    await renderer(source, { relPath: 'page.md', displayPath: 'content/page.md', route: '/support/page' });
    const broken = site.diagnostics.find((d) => d.message.includes('missing-guide.md'));
    expect(broken?.position).toEqual({ file: 'content/page.md', line: 12, column: 13 });
  });
});
