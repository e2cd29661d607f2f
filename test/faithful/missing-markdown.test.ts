// Issue 33, item 5: a link to a missing .md file is one diagnostic, broken-markdown-link, with the
// severity the spec gives it (a warning): it no longer fails the build as a broken link too.
import { describe, expect, it } from 'vitest';
import { buildSite, CONFIG } from './build-site.ts';

const FILES = {
  'content/intro.md': '# Start\n\nSee [the guide](guide.md), [the old page](old-page.md#part) and [the repository readme](../README.md).\n',
  'content/guide.md': '# Guide\n\nText.\n',
};
const where = (d: { code: string; severity: string; position?: { line?: number; column?: number } }) => `${d.severity} ${d.code} ${d.position?.line}:${d.position?.column}`;

describe('a link to a missing .md file', () => {
  it('is one warning, and the build succeeds', async () => {
    const site = await buildSite(FILES);
    expect(site.error).toBeUndefined();
    const links = site.diagnostics.filter((d) => /link|anchor/.test(d.code));
    expect(links.map(where)).toEqual(['warning broken-markdown-link 3:28', 'warning broken-markdown-link 3:65']);
  });

  it('says "Did you mean" the closest page, as a broken link does', async () => {
    const site = await buildSite({ ...FILES, 'content/intro.md': '# Start\n\nSee [the guide](guides.md) and [nothing close](zzzzzz.md).\n' });
    const [close, far] = site.diagnostics.filter((d) => d.code === 'broken-markdown-link');
    expect(close?.hint).toMatch(/^Did you mean \/[\w/]*\/guide\? /);
    expect(far?.hint).not.toContain('Did you mean');
  });

  it('is one error where the site makes broken markdown links errors', async () => {
    const site = await buildSite(FILES, CONFIG.replace('};', ", onBrokenMarkdownLinks: 'throw' };"));
    expect(site.error?.message).toMatch(/build failed with 2 error/);
    expect(site.diagnostics.filter((d) => /link|anchor/.test(d.code)).map(where)).toEqual(['error broken-markdown-link 3:28', 'error broken-markdown-link 3:65']);
  });
});
