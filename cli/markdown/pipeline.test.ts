import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMarkdownRenderer } from './pipeline.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { preprocessMarkdown } from './preprocess.ts';

const contentDir = mkdtempSync(join(tmpdir(), 'helpgen-md-'));
// A 2×1 PNG, to check width/height and the hashed asset name.
writeFileSync(join(contentDir, 'pixel.png'), Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64'));

function setup() {
  const diagnostics: Diagnostic[] = [];
  const assets: string[] = [];
  const render = createMarkdownRenderer({
    baseUrl: '/support/',
    contentDir,
    routeByRelPath: new Map([
      ['records/locking.md', '/support/records/locking'],
      ['templates/cell types/date-cell.md', '/support/templates/cell types/date-cell'],
      ['guides/start.md', '/support/guides/start'],
    ]),
    tocMinLevel: 2,
    tocMaxLevel: 3,
    isFile: (abs) => existsSync(abs) && statSync(abs).isFile(),
    routeFor(relPath) {
      return this.routeByRelPath.get(relPath);
    },
    addAsset: (abs) => {
      assets.push(abs);
      return '/support/assets/files/pixel.abc.png';
    },
    report: (d) => diagnostics.push(d),
    onBrokenMarkdownLinks: 'warn',
    scriptAttachments: [],
  });
  const page = { relPath: 'guides/start.md', displayPath: 'content/guides/start.md', route: '/support/guides/start' };
  return { render: (md: string) => render(md, page), diagnostics, assets };
}

describe('headings', () => {
  it('gives unique github-style ids, honours {#custom-id}, adds anchor links and a toc of h2–h3', async () => {
    const { render } = setup();
    const out = await render('## Lock a record\n\n## Lock a record\n\n### Step 2: Add `cells`!\n\n#### Deep\n\n## Custom {#my-id}\n');
    expect(out.html).toContain('<h2 id="lock-a-record">Lock a record<a class="hash-link" href="#lock-a-record" aria-label="Direct link to Lock a record"');
    expect(out.html).toContain('<h2 id="lock-a-record-1">');
    expect(out.html).toContain('<h3 id="step-2-add-cells">');
    expect(out.html).toContain('<h2 id="my-id">Custom<a');
    expect(out.data.toc.map((t) => [t.id, t.level])).toEqual([
      ['lock-a-record', 2],
      ['lock-a-record-1', 2],
      ['step-2-add-cells', 3],
      ['my-id', 2],
    ]);
    expect(out.data.toc[2]!.html).toBe('Step 2: Add <code>cells</code>!');
    expect([...out.data.anchors]).toContain('deep');
  });

  it('leaves images out of the table of contents, keeping their alt text', async () => {
    // A copy of the image kept its address as written ("x"), which the link check reported as a
    // broken link in the layout, at no line of the page (found by the fuzz, test/fuzz/).
    const { render } = setup();
    const out = await render('## Logo ![the logo](x.png) and <img src=x onerror=alert(1)> [link](/a)\n');
    expect(out.data.toc[0]!.html).toBe('Logo the logo and  link');
  });
});

describe('admonitions', () => {
  it('supports :::type, ":::type Title", "::: type" and GitHub alerts', async () => {
    const { render } = setup();
    const out = await render(':::note\nPlain.\n:::\n\n:::tip Save time\nBody.\n:::\n\n::: warning\nCareful.\n:::\n\n> [!CAUTION]\n> Data loss.\n');
    expect(out.html).toContain('<div class="admonition admonition-note"><p class="admonition-heading">Note</p><div class="admonition-content"><p>Plain.</p></div></div>');
    expect(out.html).toContain('<p class="admonition-heading">Save time</p>');
    expect(out.html).toContain('admonition-warning');
    expect(out.html).toContain('<div class="admonition admonition-danger"><p class="admonition-heading">Caution</p><div class="admonition-content"><p>Data loss.</p></div></div>');
  });

  it('keeps ordinary colons in text and reports unknown blocks', async () => {
    const { render, diagnostics } = setup();
    const out = await render('Meet at 10:30 or later:today.\n\n:::mystery\nInside.\n:::\n');
    expect(out.html).toContain('Meet at 10:30 or later:today.');
    expect(out.html).toContain('<p>Inside.</p>');
    expect(diagnostics.map((d) => d.code)).toEqual(['unknown-directive']);
  });

  it('leaves ::: lines inside code fences alone', () => {
    expect(preprocessMarkdown('```\n::: tip x\n```\n::: tip Real')).toBe('```\n::: tip x\n```\n:::tip[Real]');
  });
});

describe('links and images', () => {
  it('rewrites .md links to routes with anchors, including a folder with a space', async () => {
    const { render, diagnostics } = setup();
    const out = await render('[a](../records/locking.md#unlock-a-record) [b](../templates/cell%20types/date-cell.md) [c](<../templates/cell types/date-cell.md>) [d](#local)');
    expect(out.html).toContain('<a href="/support/records/locking#unlock-a-record">a</a>');
    expect(out.html).toContain('<a href="/support/templates/cell%20types/date-cell">b</a>');
    expect(out.html).toContain('<a href="/support/templates/cell%20types/date-cell">c</a>');
    expect(out.data.links.map((l) => [l.href, l.text, l.line, l.column])).toEqual([
      ['/support/records/locking#unlock-a-record', 'a', 1, 1],
      ['/support/templates/cell%20types/date-cell', 'b', 1, 44],
      ['/support/templates/cell%20types/date-cell', 'c', 1, 88],
      ['/support/guides/start#local', 'd', 1, 132],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('warns on a .md link to a missing file with its position and leaves a checkable href', async () => {
    const { render, diagnostics } = setup();
    const out = await render('Intro.\n\nSee [gone](../records/gone.md).');
    expect(out.html).toContain('href="/support/records/gone.md"');
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'broken-markdown-link', position: { file: 'content/guides/start.md', line: 3, column: 5 } }),
    ]);
  });

  it('makes relative and root links absolute under the base path, and opens external links safely', async () => {
    const { render } = setup();
    const out = await render('[x](advanced) [y](/guides/start) [z](/support/guides/start) [w](https://example.com/a) [m](mailto:a@b.test)');
    expect(out.html).toContain('<a href="/support/guides/advanced">x</a>');
    expect(out.html).toContain('<a href="/support/guides/start">y</a>');
    expect(out.html).toContain('<a href="/support/guides/start">z</a>');
    expect(out.html).toContain('<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">w</a>');
    expect(out.html).toContain('<a href="mailto:a@b.test">m</a>');
  });

  it('copies local images as hashed assets with their size and lazy loading', async () => {
    const { render, assets } = setup();
    const out = await render('![A pixel](../pixel.png)');
    expect(assets).toEqual([join(contentDir, 'pixel.png')]);
    expect(out.html).toContain('<img src="/support/assets/files/pixel.abc.png" alt="A pixel" loading="lazy" decoding="async" width="2" height="1">');
  });
});

describe('sanitizing raw HTML', () => {
  it('drops scripts, event handlers and javascript: URLs but keeps safe HTML', async () => {
    const { render, diagnostics } = setup();
    const out = await render('<details><summary>More</summary>\n\n**Hidden**\n\n</details>\n\n<script>alert(1)</script>\n\n<a href="javascript:alert(2)" onclick="steal()">x</a> <img src="https://cdn.test/a.png" onerror="steal()"> <kbd>Ctrl</kbd>\n\n<iframe src="https://evil.test"></iframe>\n');
    expect(out.html).toContain('<details><summary>More</summary>');
    expect(out.html).toContain('<strong>Hidden</strong>');
    expect(out.html).toContain('<kbd>Ctrl</kbd>');
    expect(out.html).not.toMatch(/script|alert|onclick|onerror|javascript:|iframe/);
    expect(diagnostics.map((d) => [d.code, d.position?.line])).toEqual([
      ['unsafe-html', 7],
      ['unsafe-html', 11],
    ]);
  });

  it('drops unknown components with a warning naming the line, keeping their content', async () => {
    const { render, diagnostics } = setup();
    const out = await render('Text.\n\n<Steps>\n<Step value="a">\n\nInside **step**.\n\n</Step>\n</Steps>\n');
    expect(out.html).toContain('<p>Inside <strong>step</strong>.</p>');
    expect(out.html).not.toMatch(/<\/?steps?\b/i);
    expect(diagnostics.filter((d) => d.code === 'unknown-component').map((d) => [d.message, d.position?.line])).toEqual([
      // Once a page for each, at its first tag.
      ['unknown component <Steps> dropped (its content is kept) (and 1 more on this page)', 3],
      ['unknown component <Step> dropped (its content is kept) (and 1 more on this page)', 3],
    ]);
  });
});

describe('code blocks', () => {
  it('highlights at build time for both themes, with title, line highlights and a copy button', async () => {
    const { render } = setup();
    const out = await render('```ts title="help.config.ts" {2}\nconst a = 1;\nconst b = 2;\n```\n\n```unknownlang\nplain\n```\n');
    expect(out.html).toContain('<div class="code-title">help.config.ts</div>');
    expect(out.html).toMatch(/--shiki-light:#[0-9A-F]{6};--shiki-dark:#[0-9A-F]{6}/i);
    expect(out.html.match(/class="line highlighted"/g)).toHaveLength(1);
    expect(out.html).toContain('aria-label="Copy code to clipboard"');
    expect(out.html).toContain('plain');
    expect(out.html).not.toContain('data-meta');
  });
});
