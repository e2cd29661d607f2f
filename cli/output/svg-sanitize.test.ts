import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitize.ts';

const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" width="100" height="100" onload="alert(1)">
  <style>rect { fill: url(http://evil.test/x) }</style>
  <style>.local { fill: url(#g) }</style>
  <script>alert(1)</script>
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>
    <path id="dot" d="M0 0h1v1h-1z"/>
  </defs>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(2)"/>
  <rect width="5" height="5" style="fill: url('https://evil.test/y')"/>
  <rect width="4" height="4" fill="url(https://evil.test/z)"/>
  <rect width="3" height="3" style="fill: u\\72l(https://evil.test/e)"/>
  <use href="other.svg#a"/>
  <use xlink:href="https://evil.test/sprite.svg#b"/>
  <use xlink:href="#dot"/>
  <a href="javascript:alert(3)"><text y="8">&#160;caf&#233; &amp; more</text></a>
  <a xlink:href="https://evil.test/"><text y="9">out</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" onmouseover="alert(4)">html</div></foreignObject>
  <image href="https://evil.test/track.png" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>
  <animate attributeName="href" to="javascript:alert(5)"/>
  <set attributeName="onclick" to="alert(6)"/>
</svg>`;

describe('sanitizeSvg', () => {
  it('drops everything that can run script or load another file', async () => {
    const { svg, drawable } = await sanitizeSvg(HOSTILE);
    expect(drawable).toBe(true);
    for (const gone of ['<script', 'alert', 'onload', 'onclick', 'onmouseover', 'foreignObject', 'javascript:', 'evil.test', 'other.svg', 'data:image/svg', '<animate', '<set', '\\72']) {
      expect(svg, gone).not.toContain(gone);
    }
  });

  it('keeps what draws: shapes, gradients, local <use> and url(#id), text, inline raster images', async () => {
    const { svg } = await sanitizeSvg(HOSTILE);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 10 10"/);
    expect(svg).toContain('<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('.local { fill: url(#g) }');
    expect(svg).toMatch(/<use xlink:href="#dot"\/>/);
    expect(svg).toContain('\u00a0café &amp; more');
    expect(svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(svg.match(/<rect /g)).toHaveLength(4);
  });

  it('keeps what screen readers and drawing tools need: role, aria-*, <title>, clip paths, masks, markers, patterns, symbols, filters', async () => {
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" aria-labelledby="t"><title id="t">Flow</title><defs><clipPath id="c"><rect width="5" height="5"/></clipPath><mask id="m"><rect width="10" height="10" fill="white"/></mask><marker id="a" markerWidth="2" markerHeight="2"><path d="M0 0L2 1L0 2z"/></marker><pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><circle cx="1" cy="1" r="1"/></pattern><symbol id="s" viewBox="0 0 1 1"><rect width="1" height="1"/></symbol><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><path d="M0 0L9 9" clip-path="url(#c)" mask="url(#m)" marker-end="url(#a)" filter="url(#f)" fill="url(#p)"/><use href="#s" x="1"/></svg>`;
    expect((await sanitizeSvg(drawing)).svg).toBe(`${drawing}\n`);
  });

  it('writes well-formed XML that a browser can read as image/svg+xml', async () => {
    const { svg } = await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/><text>&nbsp;<![CDATA[a<b]]></text></svg>');
    const { JSDOM } = await import('jsdom');
    const { window } = new JSDOM('');
    const parsed = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.documentElement.localName).toBe('svg');
    expect(parsed.documentElement.textContent).toBe('\u00a0a<b');
  });

  it('reports a file with no SVG in it as not drawable', async () => {
    expect(await sanitizeSvg('<html><script>alert(1)</script></html>')).toEqual({ svg: '<svg xmlns="http://www.w3.org/2000/svg"/>\n', drawable: false });
  });

  it('gives the same bytes for the same input', async () => {
    expect((await sanitizeSvg(HOSTILE)).svg).toBe((await sanitizeSvg(HOSTILE)).svg);
  });
});
