import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../pipeline.ts';
import type { Diagnostic } from '../../diagnostics/errors.ts';
import { extractRecords } from '../../search/records.ts';

function renderer() {
  const diagnostics: Diagnostic[] = [];
  const render = createMarkdownRenderer({
    baseUrl: '/support/',
    contentDir: '/nowhere',
    routeByRelPath: new Map(),
    routeFor: () => undefined,
    tocMinLevel: 2,
    tocMaxLevel: 3,
    isFile: () => false,
    addAsset: () => undefined,
    report: (d) => diagnostics.push(d),
    onBrokenMarkdownLinks: 'warn',
    scriptAttachments: [],
  });
  const page = { relPath: 'guides/start.md', displayPath: 'content/guides/start.md', route: '/support/guides/start' };
  return { render: async (md: string) => (await render(md, page)).html, features: async (md: string) => (await render(md, page)).data.clientFeatures, diagnostics };
}

describe('tabs', () => {
  it('turns :::tabs with ::tab lines into a WAI-ARIA tab list and labelled panels', async () => {
    const { render, diagnostics } = renderer();
    const html = await render(':::tabs{groupId=platform}\n::tab[iOS]\nTap **Settings**.\n::tab{label="Android"}\nOpen the menu.\n:::\n');
    expect(html).toContain('<div class="tabs" data-group="platform"><div class="tabs__list" role="tablist">');
    expect(html).toContain('<button type="button" class="tabs__tab" role="tab" id="tabs-1-tab-1" aria-selected="true" aria-controls="tabs-1-panel-1" tabindex="0">iOS</button>');
    expect(html).toContain('<button type="button" class="tabs__tab" role="tab" id="tabs-1-tab-2" aria-selected="false" aria-controls="tabs-1-panel-2" tabindex="-1">Android</button>');
    expect(html).toContain('<div class="tabs__panel" id="tabs-1-panel-1" role="tabpanel" aria-labelledby="tabs-1-tab-1" tabindex="0"><p class="tabs__label">iOS</p><p>Tap <strong>Settings</strong>.</p></div>');
    expect(html).toContain('<div class="tabs__panel" id="tabs-1-panel-2" role="tabpanel" aria-labelledby="tabs-1-tab-2" tabindex="0" hidden><p class="tabs__label">Android</p>');
    expect(diagnostics).toEqual([]);
  });

  it('reads the VitePress spelling with a space, and admonitions inside four-colon tabs', async () => {
    const { render, diagnostics } = renderer();
    const html = await render('::::: tabs {groupId=os}\n::tab[Mac]\n:::tip Shortcut\nPress Cmd.\n:::\n::tab[Windows]\nPress Ctrl.\n:::::\n\nAfter.\n');
    expect(html).toContain('data-group="os"');
    expect(html).toMatch(/id="tabs-1-panel-1"[^>]*><p class="tabs__label">Mac<\/p><div class="admonition admonition-tip"><p class="admonition-heading">Shortcut<\/p>/);
    expect(html).toContain('<p class="tabs__label">Windows</p><p>Press Ctrl.</p></div></div>\n<p>After.</p>');
    expect(diagnostics).toEqual([]);
  });

  it('makes a :::code-group of fenced blocks labelled by title= or [label], without a second title bar', async () => {
    const { render } = renderer();
    const html = await render(':::code-group{groupId=client}\n```bash title="curl"\ncurl https://x\n```\n```js [JavaScript] {1}\nfetch(x)\n```\n```python\nget(x)\n```\n:::\n');
    expect(html).toContain('<div class="tabs tabs--code" data-group="client">');
    expect(html.match(/role="tab"[^>]*>([^<]*)</g)?.map((m) => m.replace(/.*>/, '').replace('<', ''))).toEqual(['curl', 'JavaScript', 'python']);
    expect(html).not.toContain('code-title');
    expect(html).toContain('class="line highlighted"'); // {1} still applies once the label is taken out
  });

  it('numbers several tab blocks apart and leaves other ids alone', async () => {
    const { render } = renderer();
    const html = await render('## Tabs 1 tab 1\n\n:::tabs\n::tab[A]\na\n:::\n\n:::tabs\n::tab[B]\nb\n:::\n');
    expect(html).toContain('<h2 id="tabs-1-tab-1">');
    expect(html).toContain('id="tabs-2-tab-1"');
    expect(html).toContain('id="tabs-3-tab-1"');
  });

  it('warns with file and line about a block without tabs and a stray ::tab, and keeps their text', async () => {
    const { render, diagnostics } = renderer();
    const html = await render('Intro.\n\n:::tabs\nNo tab lines here.\n:::\n\n::tab[Lost]\n');
    expect(html).toContain('<p>No tab lines here.</p>');
    expect(html).toContain('::tab');
    expect(html).not.toContain('role="tab"');
    expect(diagnostics.map((d) => [d.code, d.position?.line, d.message])).toEqual([
      ['tabs', 3, '":::tabs" has no tabs: its content is shown as it is'],
      ['tabs', 7, '"::tab" outside a ":::tabs" block is shown as plain text'],
    ]);
  });
});

describe('search records of tabs', () => {
  it('index each panel text once, not the tab labels', async () => {
    const { render } = renderer();
    const html = await render(':::tabs\n::tab[iOS]\nTap Settings.\n::tab[Android]\nOpen the menu.\n:::\n');
    const contents = extractRecords({ href: '/support/guides/start', title: 'Start', section: 'Guides', html }).map((r) => r.content);
    expect(contents).toEqual([null, 'Tap Settings.', 'Open the menu.']);
  });
});

describe('diagrams, and what a page makes the browser load', () => {
  it('turns a mermaid fence into a figure holding its source as plain text', async () => {
    const { render } = renderer();
    const html = await render('```mermaid\nflowchart LR\n  A[Draft] --> B{Approved?}\n```\n');
    expect(html).toBe('<figure class="diagram"><pre class="diagram__source">flowchart LR\n  A[Draft] --> B{Approved?}</pre></figure>');
  });

  it('notes what each diagram, and each element the tabs code works on, makes the browser load, raw HTML ones too', async () => {
    const { features } = renderer();
    expect(await features('Plain text.\n')).toBeUndefined();
    expect(await features('```mermaid\nsequenceDiagram\n  A->>B: hi\n```\n\n:::tabs\n::tab[One]\nA\n::tab[Two]\nB\n:::\n')).toEqual(['mermaid', 'mermaid:sequence', 'tabs']);
    const raw = '<figure class="diagram"><pre class="diagram__source">pie\n  "a": 1</pre></figure>\n\n<span class="tabs">x</span>\n';
    expect(await features(raw)).toEqual(['mermaid', 'mermaid:pie', 'tabs']);
    expect(await features('<figure class="diagram">no source</figure>\n')).toEqual(['mermaid']);
    expect(await features('![A record](https://example.com/a.png)\n\n<img alt="b">\n')).toEqual(['image-zoom']);
  });
});
