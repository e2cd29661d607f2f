// Both themes coloured from one tokenization must give exactly the HTML of shiki's own path,
// which tokenizes the block once per theme: for grammars that embed others (markdown, HTML),
// end patterns with back-references (heredocs), nested scopes and blank lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeToHast } from 'shiki/core';
import type { CodeToHastOptions } from 'shiki';
import { toHtml } from 'hast-util-to-html';
import { getHighlighter, highlightCode } from './shiki.ts';
import { onePassColouring } from './one-pass-themes.ts';
import { helpgenRoot } from '../../paths.ts';

const SAMPLES: [string, string][] = [
  ['typescript', 'const answer = await fetch(`https://api.example.com/${id}?q=${encodeURIComponent(q)}`);\n\n// a comment\nexport function f<T extends { a: string }>(x: T): T[] {\n  return [x, { ...x, a: "b" }];\n}'],
  ['bash', 'cat <<EOF > config.yml\nname: "$NAME"\nEOF\nfor f in *.md; do echo "${f%.md}"; done | sort -u\ncurl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/records?limit=20'],
  ['markdown', '# Title\n\nSome *text* with `code`.\n\n```js\nconst x = { a: 1 };\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |'],
  ['html', '<!doctype html>\n<style>\n  body { color: #333; }\n</style>\n<script>\n  document.title = "x" + 1;\n</script>\n<p class="a">Hello &amp; <b>bye</b></p>'],
  ['yaml', 'site:\n  title: "Ordo"\n  # comment\n  list:\n    - one\n    - two: 2\n  anchors: &a { x: 1 }\n  ref: *a'],
  ['json', '{\n  "records": [1, 2.5, -3e4],\n  "ok": true,\n  "nested": { "null": null }\n}'],
  ['python', 'def f(x: int) -> str:\n    """Docstring."""\n    return f"{x:>4}" if x else r"\\d+"\n'],
  ['css', '@media (max-width: 600px) {\n  .a > b::before { content: "\\201C"; color: rgb(0 0 0 / 50%); }\n}'],
];

/** Fenced code from our own content, as the build highlights it. */
function contentSamples(): [string, string][] {
  const page = readFileSync(join(helpgenRoot, 'content', 'integrations', 'api.md'), 'utf8');
  return [...page.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)\n```$/gm)].map((m) => [m[1]!.replace(/^(sh|shell)$/, 'bash'), m[2]!]);
}

const OPTIONS: CodeToHastOptions = { lang: 'text', themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false, tokenizeTimeLimit: 0 };

afterEach(() => vi.restoreAllMocks());

describe('colouring both themes from one tokenization', () => {
  it('gives the HTML of one tokenization per theme, tokenizing each line once instead of once per theme', async () => {
    const highlighter = await getHighlighter();
    const samples = [...SAMPLES, ...contentSamples()];
    expect(samples.length).toBeGreaterThan(SAMPLES.length);
    for (const [lang, code] of samples) {
      await highlighter.loadLanguage(lang as never);
      const options = { ...OPTIONS, lang };
      const grammar = highlighter.getInternalContext().getLanguage(lang);
      const tokenize = vi.spyOn(grammar, 'tokenizeLine2');
      const twice = toHtml(highlighter.codeToHast(code, options));
      const perTheme = tokenize.mock.calls.length;
      tokenize.mockClear();
      const colour = onePassColouring(highlighter.getInternalContext(), (primitive, text) => codeToHast(primitive, text, options));
      expect(toHtml(colour(code)), lang).toBe(twice);
      // Once per line at most (a line repeated in the same state is tokenized once), not once per theme.
      expect(tokenize.mock.calls.length, lang).toBeGreaterThan(0);
      expect(tokenize.mock.calls.length, lang).toBeLessThanOrEqual(perTheme / 2);
      expect(twice.match(/--shiki-dark:/g)?.length ?? 0, lang).toBeGreaterThan(2);
    }
  });

  it('is what highlightCode does, with highlighted lines and line numbers', async () => {
    for (const [lang, code] of SAMPLES) {
      const request = { code, lang, highlight: [1, 3], showLineNumbers: true };
      expect(await highlightCode(request), lang).toBe(await highlightCode(request, { twoPasses: true }));
    }
  });
});
