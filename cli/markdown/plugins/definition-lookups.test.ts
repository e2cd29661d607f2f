// Footnotes and link definitions are looked up in constant time: rendering a page with
// thousands of them never searches a long array (which made 40,000 footnotes take 131 s),
// and the footnote calls come out as mdast-util-to-hast's own handler makes them.
import { afterEach, describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { toHast } from 'mdast-util-to-hast';
import { createMarkdownRenderer } from '../pipeline.ts';
import { markdownSite } from '../stub-site.ts';
import { footnoteReference } from './footnote-reference.ts';

const originals = { includes: Array.prototype.includes, indexOf: Array.prototype.indexOf };
afterEach(() => Object.assign(Array.prototype, originals));

/** Counts searches of arrays longer than `length` while `run` runs. */
async function longSearches(length: number, run: () => Promise<unknown>): Promise<number> {
  let searches = 0;
  for (const name of ['includes', 'indexOf'] as const) {
    const original = originals[name] as (this: unknown[], ...args: unknown[]) => unknown;
    Object.defineProperty(Array.prototype, name, {
      configurable: true,
      writable: true,
      value(this: unknown[], ...args: unknown[]) {
        if (this.length > length) searches++;
        return original.apply(this, args);
      },
    });
  }
  try {
    await run();
  } finally {
    Object.assign(Array.prototype, originals);
  }
  return searches;
}

describe('definition lookups', () => {
  it('renders 1,500 footnotes and 1,500 reference links without searching a list of them', async () => {
    const n = 1_500;
    const calls = Array.from({ length: n }, (_, i) => `Note[^n${i}] and [link ${i}][r${i}].`).join('\n\n');
    const footnotes = Array.from({ length: n }, (_, i) => `[^n${i}]: Footnote ${i}.`).join('\n');
    const links = Array.from({ length: n }, (_, i) => `[r${i}]: /x/${i}`).join('\n');
    const render = createMarkdownRenderer(markdownSite());
    let html = '';
    const searches = await longSearches(n / 2, async () => {
      html = (await render(`${calls}\n\n${links}\n\n${footnotes}\n`, { relPath: 'p.md', displayPath: 'content/p.md', route: '/support/p' })).html;
    });
    expect(html).toContain(`<a href="#user-content-fn-n${n - 1}" id="user-content-fnref-n${n - 1}" data-footnote-ref="" aria-describedby="user-content-footnote-label">${n}</a>`);
    expect(html).toContain(`<a href="/support/x/${n - 1}">link ${n - 1}</a>`);
    expect(searches).toBe(0);
  });

  it('numbers footnote calls as mdast-util-to-hast does, repeated calls included', () => {
    const tree = fromMarkdown('A[^b] c[^a] d[^B] e[^a] f[^a].\n\n[^a]: One.\n[^b]: Two.\n', {
      extensions: [gfmFootnote()],
      mdastExtensions: [gfmFootnoteFromMarkdown()],
    });
    for (const clobberPrefix of [undefined, '']) {
      expect(toHast(tree, { clobberPrefix, handlers: { footnoteReference } })).toEqual(toHast(tree, { clobberPrefix }));
    }
  });
});
