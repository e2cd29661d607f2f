// An SVG picture a contributor adds to content/, with a <script>, an onload handler and HTML in
// a <foreignObject>, in a real browser: opened directly from the served site (on the help
// site's own address) it runs nothing and leaves the reader's storage alone, and it still draws,
// both opened directly and shown in the page's <img>.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { fixture, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';

const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" onload="window.__pwned = (window.__pwned || '') + 'onload;'">
  <script>
    window.__pwned = (window.__pwned || '') + 'script;';
    localStorage.setItem('pwned', document.cookie || 'yes');
    fetch('/support/stolen?' + encodeURIComponent(localStorage.getItem('helpgen-theme') || ''));
  </script>
  <rect width="40" height="40" fill="#00aa77"/>
  <foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><img src="nowhere.png" onerror="window.__pwned = (window.__pwned || '') + 'foreign;'"/></div></foreignObject>
</svg>
`;

let dir: string;
let site: ServedSite;
let browser: Browser;
let svgPath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'helpgen-svg-attachment-'));
  const siteDir = join(dir, 'site');
  cpSync(fixture('basic-site'), siteDir, { recursive: true });
  writeFileSync(join(siteDir, 'content', 'guides', 'evil.svg'), EVIL_SVG);
  writeFileSync(join(siteDir, 'content', 'guides', 'picture.md'), '---\ntitle: Picture\n---\n\n![The logo](evil.svg)\n\nOpen [the picture](evil.svg).\n');
  const result: BuildResult = await build({ siteDir, outDir: join(dir, 'out'), reporter: new Reporter(() => {}), cache: false });
  svgPath = '/' + result.files.map((f) => f.path).find((path) => /assets\/files\/evil\.[0-9a-f]+\.svg$/.test(path))!;
  site = await serveBuilt(result);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The colour at (20, 20) of the picture at `src`, drawn into a canvas by the page. */
function centrePixel(page: Page, src: string): Promise<number[]> {
  return page.evaluate(async (address) => {
    const picture = new Image();
    picture.src = address;
    await picture.decode();
    const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas') as HTMLCanvasElement;
    canvas.width = 40;
    canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.drawImage(picture, 0, 0, 40, 40);
    return [...context.getImageData(20, 20, 1, 1).data];
  }, src);
}

it('opened directly on the site, the SVG runs nothing and still draws', async () => {
  const { context, page } = await openPage(browser);
  const stolen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/stolen')) stolen.push(request.url());
  });
  const response = await page.goto(site.url(svgPath));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  // The document is the picture, on the site's own origin, as a reader who opened it gets it.
  expect(await page.evaluate(() => [document.documentElement.localName, location.origin])).toEqual(['svg', site.origin]);
  expect(await page.evaluate(() => document.querySelector('rect')?.getBBox().width)).toBe(40);
  expect(await page.evaluate(() => ({ pwned: (window as { __pwned?: string }).__pwned, stored: localStorage.getItem('pwned'), scripts: document.getElementsByTagName('script').length }))).toEqual({ pwned: undefined, stored: null, scripts: 0 });
  expect(await centrePixel(page, site.url(svgPath))).toEqual([0, 170, 119, 255]);
  expect(stolen).toEqual([]);
  await context.close();
});

it('shown in the page, the picture paints and the page runs none of its script', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(site.url('guides/picture'));
  // The picture is lazy-loaded; scrolled into view, it loads.
  const picture = page.locator('article img[alt="The logo"]');
  await picture.scrollIntoViewIfNeeded();
  await picture.evaluate((img: HTMLImageElement) => img.decode());
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  expect(await picture.getAttribute('src')).toBe(svgPath);
  expect(await centrePixel(page, svgPath)).toEqual([0, 170, 119, 255]);
  expect(await page.evaluate(() => [(window as { __pwned?: string }).__pwned, localStorage.getItem('pwned')])).toEqual([undefined, null]);
  await context.close();
});
