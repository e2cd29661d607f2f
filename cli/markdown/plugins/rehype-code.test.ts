import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../pipeline.ts';
import type { CodeHighlighter } from '../highlight/highlighter.ts';
import { HelpgenError } from '../../diagnostics/errors.ts';
import { parseCodeMeta } from './rehype-code.ts';
import { markdownSite } from '../stub-site.ts';

function renderer(highlighter?: CodeHighlighter) {
  const render = createMarkdownRenderer(markdownSite(), highlighter);
  return (md: string) => render(md, { relPath: 'api/app.md', displayPath: 'content/api/app.md', route: '/support/api/app' });
}

describe('code blocks', () => {
  it('numbers lines with showLineNumbers (it crashed the build: shiki gives <pre> its classes as a string)', async () => {
    const out = await renderer()('```js showLineNumbers\nconst a = 1;\nconst b = 2;\n```\n\n```text {1} showLineNumbers title="x"\nplain\n```\n');
    expect(out.html.match(/<pre class="[^"]*\bline-numbers\b[^"]*"/g)).toHaveLength(2);
  });

  it('keeps line ranges within the block ({1-99999999} aborted the build with "Set maximum size exceeded")', async () => {
    expect([...parseCodeMeta('{1-99999999}', 3).highlight]).toEqual([1, 2, 3]);
    expect([...parseCodeMeta('{2,5-9,99999999}', 6).highlight]).toEqual([2, 5, 6]);
    const out = await renderer()('```js {1-99999999}\nconst a = 1;\nconst b = 2;\n```\n');
    expect(out.html.match(/class="line highlighted"/g)).toHaveLength(2);
  });

  it('names the file and line of a block that fails to highlight', async () => {
    const failing: CodeHighlighter = { highlight: () => Promise.reject(new Error('boom')) };
    const error = await renderer(failing)('Text.\n\n```js\nx\n```\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HelpgenError);
    expect(error).toMatchObject({ message: 'could not highlight this code block: boom', position: { file: 'content/api/app.md', line: 3, column: 1 } });
  });
});
