// Raw HTML in a page cannot take over the page (DOM clobbering, script URLs), while headings,
// footnotes and in-page links keep working.
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './pipeline.ts';

const render = createMarkdownRenderer({
  baseUrl: '/support/',
  contentDir: '/nonexistent',
  routeByRelPath: new Map(),
  tocMinLevel: 2,
  tocMaxLevel: 3,
  isFile: () => false,
  routeFor: () => undefined,
  addAsset: () => undefined,
  report: () => {},
  onBrokenMarkdownLinks: 'warn',
  scriptAttachments: [],
});
const page = { relPath: 'guides/hostile.md', displayPath: 'content/guides/hostile.md', route: '/support/guides/hostile' };
const html = async (markdown: string) => (await render(markdown, page)).html;
/** Every id in the HTML, and every in-page #target, which must be among them. */
const ids = (text: string) => [...text.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
const hashTargets = (text: string) => [...text.matchAll(/ href="#([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));

describe('raw HTML ids and names', () => {
  it('get the user-content- prefix, as on GitHub, so a page cannot stand in for the site settings or a document method', async () => {
    const out = await html('<div id="helpgen-config">{"scripts":[]}</div>\n\n<img name="getElementById" src="https://example.com/a.png">\n');
    expect(out).toContain('<div id="user-content-helpgen-config">');
    expect(out).toContain('name="user-content-getElementById"');
    expect(out).not.toMatch(/ id="helpgen-config"| name="getElementById"/);
  });

  it('leave heading ids (generated and {#custom}) as they are, also on pages with raw HTML', async () => {
    const out = await html('<span id="s">raw</span>\n\n## Lock a record {#lock}\n\n## Unlock a record\n');
    expect(out).toContain('<h2 id="lock">');
    expect(out).toContain('<h2 id="unlock-a-record">');
    expect(out).toContain('<span id="user-content-s">');
  });

  it('keep in-page links and footnotes pointing at ids that exist', async () => {
    const out = await html('<a id="top"></a>\n\nSee [the top](#top), [locking](#lock) and a note[^n].\n\n## Locking {#lock}\n\n[^n]: The note.\n');
    expect(out).toContain('<a href="#user-content-top">the top</a>');
    expect(out).toContain('<a href="#lock">locking</a>');
    const present = new Set(ids(out));
    expect(hashTargets(out).length).toBeGreaterThan(3);
    for (const target of hashTargets(out)) expect(present, `#${target}`).toContain(target);
    expect(out).toContain('id="user-content-fn-n"');
  });
});

describe('URL attributes', () => {
  it('are all checked for their protocol, poster included', async () => {
    const out = await html('<video src="javascript:alert(1)" poster="javascript:alert(2)" controls></video>\n\n<video src="https://example.com/v.mp4" poster="https://example.com/p.png"></video>\n\n<a href="javascript:alert(3)">x</a>\n');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('poster="https://example.com/p.png"');
  });
});
