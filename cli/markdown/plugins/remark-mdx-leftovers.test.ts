import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../pipeline.ts';
import { markdownSite } from '../stub-site.ts';

function render(md: string) {
  const site = markdownSite();
  const diagnostics = site.diagnostics;
  const renderer = createMarkdownRenderer(site);
  return renderer(md, { relPath: 'a.md', displayPath: 'content/a.md', route: '/support/a' }).then((out) => ({ html: out.html, diagnostics }));
}

describe('HTML written in capitals', () => {
  it('keeps <DIV>, <B>, <KBD> as HTML instead of dropping them as components', async () => {
    const { html, diagnostics } = await render('<DIV CLASS="note">\n\nPress <KBD>Ctrl</KBD> and <B>bold</B> <I>it</I>.\n\n</DIV>\n');
    expect(html).toBe('<div class="note">\n<p>Press <kbd>Ctrl</kbd> and <b>bold</b> <i>it</i>.</p>\n</div>');
    expect(diagnostics).toEqual([]);
  });

  it('still drops components, and shows <XMP> as <xmp> is shown (its text, preformatted), with a warning for each kind', async () => {
    const { html, diagnostics } = await render('<Tabs>\n\nInside.\n\n</Tabs>\n\n<XMP>raw</XMP>\n');
    expect(html).toContain('<p>Inside.</p>');
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['unknown-component', 'unknown component <Tabs> dropped (its content is kept) (and 1 more on this page)'],
      ['unknown-element', '<xmp> shown as preformatted text, as written'],
    ]);
    expect(html).toContain('<pre>raw</pre>');
  });
});
