// Issue 33, item 4: a page's first heading gives its title even after comments, old anchors or
// empty raw HTML, and missing-title fires only for a page that has no heading at all.
import { describe, expect, it } from 'vitest';
import { buildSite, mainColumn } from './build-site.ts';

const FILES = {
  'content/intro.md': '# Start\n\nText.\n',
  'content/ch21-02-multithreaded.md': '<!-- Old headings. Do not remove\nor links may break. -->\n\n<a id="turning-our-single-threaded-server"></a>\n\n## Turning Our Server Multithreaded\n\nText.\n',
  'content/licence-first.md': '<!--\n  Copyright notice.\n-->\n<div></div>\n\n# Licensed Page\n\nText.\n',
  'content/no-heading.md': 'Only a paragraph, no heading.\n',
  'content/text-first.md': '<p>Intro in HTML.</p>\n\n# Later Heading\n\nText.\n',
};

describe('titles', () => {
  it('come from the first heading after comments, anchors and empty HTML, and the anchors stay', async () => {
    const site = await buildSite(FILES);
    const titles = Object.fromEntries(site.pages.filter((p) => p.kind === 'doc').map((p) => [p.route, p.title]));
    expect(titles['/support/ch21-02-multithreaded']).toBe('Turning Our Server Multithreaded');
    expect(titles['/support/licence-first']).toBe('Licensed Page');
    const chapter = mainColumn(site.html('support/ch21-02-multithreaded/index.html'));
    expect(chapter).toContain('<h1 id="turning-our-server-multithreaded">Turning Our Server Multithreaded</h1>');
    expect(chapter).toContain('id="user-content-turning-our-single-threaded-server"');
    expect(chapter.match(/Turning Our Server Multithreaded<\/h/g)).toHaveLength(1); // not shown twice
  });

  it('warn about a missing title only on a page with no heading', async () => {
    const site = await buildSite(FILES);
    expect(site.diagnostics.filter((d) => d.code === 'missing-title').map((d) => d.position?.file)).toEqual(['content/no-heading.md']);
  });
});
