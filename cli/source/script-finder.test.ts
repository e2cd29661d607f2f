import { describe, expect, it } from 'vitest';
import { findScripts } from './script-finder.ts';
import { scriptType } from './script-types.ts';

describe('findScripts', () => {
  it('finds script elements, handlers, script addresses, foreignObject and XSLT, each at its line and column', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg">\n  <svg:script>x()</svg:script>\n <rect onClick="x()"/>\n<a xlink:href=" Java\tScript:x()"/><foreignObject/>\n</svg>';
    expect(findScripts(svg, true)).toEqual([
      { what: '<script>', line: 2, column: 3 },
      { what: 'onClick on <rect>', line: 3, column: 2 },
      { what: 'a script address in xlink:href on <a>', line: 4, column: 1 },
      { what: '<foreignObject> (HTML inside the picture)', line: 4, column: 35 },
    ]);
    expect(findScripts('<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="t.xsl"?>\n<feed/>', true)).toEqual([{ what: 'an XSLT stylesheet (<?xml-stylesheet?>)', line: 2, column: 1 }]);
    expect(findScripts('<!doctype html><SCRIPT src="a.js"></SCRIPT><iframe src="data:text/html,<b>"></iframe>', false).map((f) => f.what)).toEqual(['<script>', 'a script address in src on <iframe>']);
  });

  it('finds nothing in a plain picture, a CSS stylesheet link or a page without script', () => {
    expect(findScripts('<svg xmlns="http://www.w3.org/2000/svg"><a href="https://example.com/on"><text>onload</text></a></svg>', true)).toEqual([]);
    expect(findScripts('<?xml-stylesheet type="text/css" href="feed.css"?><feed/>', true)).toEqual([]);
    expect(findScripts('<!doctype html><p data-on="1" title="onload">javascript: is a word</p>', false)).toEqual([]);
  });
});

describe('scriptType', () => {
  it('tells SVG, documents that can run script and scripts from other files, by name', () => {
    expect(['a.svg', 'A.SVG', 'a.svgz', 'a.html', 'a.htm', 'a.shtml', 'a.xhtml', 'a.xht', 'a.xml', 'a.xsl', 'a.xslt', 'a.rss', 'a.atom', 'a.js', 'a.mjs'].map(scriptType)).toEqual([
      'svg', 'svg', 'document', 'document', 'document', 'document', 'document', 'document', 'document', 'document', 'document', 'document', 'document', 'script', 'script',
    ]);
    expect(['a.png', 'a.pdf', 'a.txt', 'a.json', 'a.csv', 'a.zip', 'a', 'a.unknownext'].map(scriptType)).toEqual(Array(8).fill(undefined));
  });
});
