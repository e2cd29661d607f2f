// Issue 33, item 6: a backslash escape inside a bare web address reads as cmark-gfm reads it, in
// the link's text and its address; links written [text](url) or <url>, and code, are unchanged.
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../cli/markdown/pipeline.ts';
import { markdownSite } from '../../cli/markdown/stub-site.ts';

const render = createMarkdownRenderer(markdownSite());
const html = async (markdown: string) => (await render(markdown, { relPath: 'proxy.md', displayPath: 'content/proxy.md', route: '/support/proxy' })).html;

describe('escapes in bare web addresses', () => {
  it('show the escaped character, in the text and the address', async () => {
    const out = await html('Bypass https://x.\\*.y.com for the wildcard, and www.ex\\_ample.com/a\\(b\\).\n');
    expect(out).toContain('<a href="https://x.*.y.com" rel="noopener noreferrer" target="_blank">https://x.*.y.com</a>');
    expect(out).toContain('<a href="http://www.ex_ample.com/a(b)" rel="noopener noreferrer" target="_blank">www.ex_ample.com/a(b)</a>');
    expect(out).not.toContain('%5C');
  });

  it('leave code and written links as they were', async () => {
    const out = await html('`https://x.\\*.y.com` and [a\\*b](https://example.com/a\\*b) and <https://example.com/c\\*d>\n');
    expect(out).toContain('<code>https://x.\\*.y.com</code>');
    expect(out).toContain('<a href="https://example.com/a*b" rel="noopener noreferrer" target="_blank">a*b</a>');
    expect(out).toContain('<a href="https://example.com/c%5C*d" rel="noopener noreferrer" target="_blank">https://example.com/c\\*d</a>');
  });
});
