import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { plainTagLinks, templateLinks } from './template-links.ts';

/** What htmlparser2 reads out of the same HTML: the reference the fast reader must agree with. */
function tokenized(html: string): { href: string; inMain: boolean }[] {
  const links: { href: string; inMain: boolean }[] = [];
  let mainDepth = 0;
  const urlAttributes: Record<string, string[]> = { a: ['href'], link: ['href'], img: ['src'], video: ['src', 'poster'], iframe: ['src'], script: ['src'] };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'main') mainDepth++;
        for (const attribute of urlAttributes[name] ?? []) {
          const href = attributes[attribute];
          if (href !== undefined) links.push({ href, inMain: mainDepth > 0 });
        }
      },
      onclosetag(name) {
        if (name === 'main' && mainDepth > 0) mainDepth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return links;
}

// A doc page's <main> as the templates write it (breadcrumbs, header, pagination, toc), its
// markdown body already cut out.
const REACT_MAIN = [
  '<main id="skip" class="doc-main" tabindex="-1"><div class="doc-container"><article class="doc-article">',
  '<nav class="breadcrumbs-nav" aria-label="Breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item">',
  '<a class="breadcrumbs__link" href="/support/" aria-label="Home page"><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3"></path></svg></a></li>',
  '<li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/support/category/api">Api &amp; more<!-- --> </a></li></ul></nav>',
  '<details class="toc-mobile"><summary>On this page</summary><ul class="table-of-contents"><li><a href="#syntax" class="table-of-contents__link">Syntax <code>a &lt; b</code></a></li></ul></details>',
  '<div class="markdown-body"></div><footer class="doc-footer"><a class="doc-markdown-link" href="/support/api/x.md" type="text/markdown">View this page as Markdown</a></footer>',
  '<img src="/support/assets/shot.png" alt="A &quot;shot&quot; &gt; none"/><video src="/v.mp4" poster="/p.png"></video>',
  '</article><nav class="pagination-nav" aria-label="Docs pages"><a class="pagination-nav__link" href="/support/api/prev"><span>Previous</span></a></nav></div>',
].join('');

describe('template links', () => {
  it('reads the templates\' HTML without the tokenizer, and finds what the tokenizer finds', () => {
    const fast = plainTagLinks(REACT_MAIN);
    expect(fast).toBeDefined();
    expect(fast).toEqual(tokenized(REACT_MAIN));
    expect(fast!.map((link) => link.href)).toEqual(['/support/', '/support/category/api', '#syntax', '/support/api/x.md', '/support/assets/shot.png', '/v.mp4', '/p.png', '/support/api/prev']);
  });

  it('knows what is inside <main> and what is not', () => {
    const html = '<nav><a href="/a">a</a></nav><MAIN><a HREF="/b">b</a></main><footer><a href="/c" href="/d">c</a></footer>';
    expect(plainTagLinks(html)).toEqual([
      { href: '/a', inMain: false },
      { href: '/b', inMain: true },
      { href: '/c', inMain: false },
    ]);
    expect(plainTagLinks(html)).toEqual(tokenized(html));
  });

  // Each of these is outside the shape React writes: the fast reader gives up, and the
  // tokenizer's reading is what templateLinks returns.
  const unusual = {
    'an entity in a URL': '<a href="/search?a=1&amp;b=2">s</a><a href="/x">x</a>',
    'a single-quoted value': "<a href='/one'>1</a>",
    'an unquoted value': '<a href=/two>2</a>',
    'a script': '<script>document.write("<a href=\\"/fake\\">")</script><a href="/real">r</a>',
    'a style': '<style>a[href="/x"]>b{}</style><a href="/y">y</a>',
    'a title': '<title><a href="/not-a-link"></title><a href="/z">z</a>',
    'a bare "<" in text': '<p>1 < 2</p><a href="/lt">lt</a>',
    'a doctype': '<!DOCTYPE html><html><body><a href="/d">d</a></body></html>',
    'an unclosed comment': '<a href="/before">b</a><!-- <a href="/hidden">',
    'a slash between attributes': '<a/href="/slash">s</a>',
    'a non-breaking space before an attribute': '<a\u00a0href="/nbsp">n</a><a href="/ok">o</a>',
  };
  for (const [what, html] of Object.entries(unusual)) {
    it(`leaves ${what} to the tokenizer`, () => {
      expect(plainTagLinks(html)).toBeUndefined();
      expect(templateLinks(html, { layout: true })).toEqual(tokenized(html));
    });
  }

  it('skips comments, as the tokenizer does', () => {
    const html = '<a href="/one">1</a><!-- <a href="/commented"> --><a href="/two">2</a>';
    expect(plainTagLinks(html)).toEqual(tokenized(html));
    expect(plainTagLinks(html)!.map((link) => link.href)).toEqual(['/one', '/two']);
  });

  it('reads only <main> of a page unless asked for the layout', () => {
    const page = `<html><head><link href="/style.css"/></head><body><nav><a href="/nav">n</a></nav>${REACT_MAIN}</main></body></html>`;
    expect(templateLinks(page, { layout: false }).every((link) => link.inMain)).toBe(true);
    expect(templateLinks(page, { layout: true }).map((link) => link.href).slice(0, 2)).toEqual(['/style.css', '/nav']);
  });

  it("leaves out the page's own body, found inside <main>", () => {
    const body = '<p><a href="/written">w</a></p>';
    // The same markup in the layout (a sidebar entry, say) is the layout's own and stays.
    const page = `<html><body><nav>${body}</nav><main><a href="/crumb">c</a>${body}<a href="/next">n</a></main></body></html>`;
    expect(templateLinks(page, { layout: false, body }).map((link) => link.href)).toEqual(['/crumb', '/next']);
    expect(templateLinks(page, { layout: true, body }).map((link) => link.href)).toEqual(['/crumb', '/written', '/next']);
    // A body that is not in the page leaves everything in.
    expect(templateLinks(page, { layout: false, body: '<p>elsewhere</p>' }).map((link) => link.href)).toEqual(['/crumb', '/written', '/next']);
  });
});
