// Highlighting must not depend on how fast the machine is: the same block gives the same HTML
// on an idle laptop and on a CI runner busy with four builds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlightCode, getHighlighter } from './shiki.ts';

const request = {
  code: 'const answer = await fetch("https://api.example.com/v1/records?limit=20", { headers: { Authorization: `Bearer ${token}` } });',
  lang: 'typescript',
  highlight: [],
  showLineNumbers: false,
};

afterEach(() => vi.restoreAllMocks());

describe('highlightCode', () => {
  it('gives the same HTML when every tick of the clock takes a second (a machine under heavy load)', async () => {
    await getHighlighter();
    const idle = await highlightCode(request);
    expect(idle.match(/<span style=/g)?.length).toBeGreaterThan(10);
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    expect(await highlightCode(request)).toBe(idle);
  });

  it('leaves a pathologically long line plain, the same way on every machine', async () => {
    const long = { ...request, code: 'x = ' + '"a", '.repeat(3000) };
    const html = await highlightCode(long);
    expect(html).not.toContain('<span style=');
    expect(html).toContain('<span class="line"><span>x = "a", "a",');
  });
});
