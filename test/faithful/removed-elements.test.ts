// Issue 33, item 2: what the sanitizer removes, it removes whole (CSS, scripts, titles), or shows
// as the escaped text the writer meant to show (<textarea>, <xmp>); never its source as prose.
import { describe, expect, it } from 'vitest';
import { tests as commonmarkExamples } from 'commonmark-spec';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { createMarkdownRenderer } from '../../cli/markdown/pipeline.ts';
import { markdownSite } from '../../cli/markdown/stub-site.ts';

const site = markdownSite();
const render = createMarkdownRenderer(site);
const page = { relPath: 'guide.md', displayPath: 'content/guide.md', route: '/support/guide' };
const html = async (markdown: string) => (await render(markdown, page)).html;
/** What a reader sees as prose: the text outside <pre>. */
const prose = (out: string) => {
  const tree = fromHtml(out, { fragment: true });
  tree.children = tree.children.filter((node) => node.type !== 'element' || node.tagName !== 'pre');
  return toString(tree).replace(/\s+/g, ' ').trim();
};
const example = (number: number) => commonmarkExamples.find((t) => t.number === number)!.markdown;

describe('removed elements', () => {
  it('<style> goes with its CSS (CommonMark 172, 173, 176, and a Vue-style page)', async () => {
    expect(prose(await html(example(172)))).toBe('okay');
    expect(prose(await html(example(173)))).toBe('');
    expect(prose(await html(example(176)))).toBe('foo');
    const vue = await html('# Testing\n\nSome text.\n\n<style scoped>\n.box { color: red; }\n</style>\n');
    expect(vue).not.toContain('color');
    expect(prose(vue)).toBe('Testing Some text.');
  });

  it('<title>, <template>, <noscript> and <iframe> go with what they hold', async () => {
    const out = await html('<title>Old page title</title>\n\n<template><p>later</p></template>\n\nKept.\n\n<iframe src="https://example.com">Fallback <b>markup</b></iframe>\n');
    expect(prose(out)).toBe('Kept.');
  });

  it('<textarea> and <xmp> show their text as written, escaped, in a box (CommonMark 171)', async () => {
    const textarea = await html(example(171));
    expect(textarea).toMatch(/^<pre>\n\*foo\*\n\n_bar_\n\n<\/pre>$/);
    expect(prose(textarea)).toBe('');
    const xmp = await html('<xmp>\n<b>bold</b> as markup\n</xmp>\n');
    expect(xmp).toContain('<pre>\n&#x3C;b>bold&#x3C;/b> as markup\n</pre>');
  });

  it('a component around markdown shows its markdown rendered, not its stars (CommonMark 163)', async () => {
    const out = await html(example(163));
    expect(out).toBe('<p><em>bar</em></p>');
  });

  it('mdBook\'s <Listing> wrapper is not the obsolete <listing>: its code and the text after it stay as they are', async () => {
    const out = await html('<Listing number="15-9" file-name="src/main.rs" caption="Using Box<T> like a reference">\n\n```rust\nfn main() {}\n```\n\n</Listing>\n\nAfter the listing.\n');
    expect(out).toContain('<p>After the listing.</p>');
    expect(out).toMatch(/<code[^>]*>.*fn.*main.*<\/code>/s);
    expect(out).not.toMatch(/<pre>[\s\S]*After the listing/);
  });

  it('fences indented under a component are code blocks of their code, as MDX reads them', async () => {
    const out = await html('<Tabs>\n  <TabItem value="a" label="A">\n    ```js\n    const a = 1;\n    ```\n  </TabItem>\n</Tabs>\n');
    expect(out).toMatch(/<pre[^>]*><code[^>]*>.*const.*<\/code><\/pre>/s);
    expect(out).not.toContain('```');
  });

  it('each removal is reported with its line', async () => {
    site.diagnostics.length = 0;
    await html('Text.\n\n<style>\np { color: red; }\n</style>\n\n<textarea>x</textarea>\n');
    // A <style> block on lines of its own is removed whole before remark reads the page (the
    // VitePress dialect, cli/markdown/dialects/), so it is reported as a style block.
    expect(site.diagnostics.map((d) => `${d.code} ${d.position?.line}`)).toEqual(['style-block 3', 'unknown-element 7']);
  });
});
