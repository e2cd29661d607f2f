// A lazily loaded part of a page (an island whose code is a separate chunk) that fails to load
// shows an error box with "Retry"; Retry loads it again. Uses the real island code in a small
// harness page, because which islands are lazy is decided by the features that register them.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { repoRoot } from '../helpers/site.ts';

const ORIGIN = 'http://harness.test';
let browser: Browser;
let outDir: string;
/** The chunk the entry loads with import(): the island's own code. */
let lazyChunk: string;

beforeAll(async () => {
  const esbuild = await import('esbuild');
  outDir = mkdtempSync(join(tmpdir(), 'helpgen-lazy-island-'));
  await esbuild.build({
    entryPoints: { entry: join(repoRoot, 'test/browser/harness/lazy-entry.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    minify: true,
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  lazyChunk = /import\("\.\/(chunk-[\w-]+\.js)"\)/.exec(readFileSync(join(outDir, 'entry.js'), 'utf8'))![1]!;
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Harness</title><script type="module" src="/entry.js"></script></head>
<body><main id="__page"><div data-island="Later" data-props='{"text":"Hello"}'><button type="button" class="later">Hello</button></div></main></body></html>`;

it('shows an error box with Retry when the island code fails to load, and Retry loads it', async () => {
  const { context, page, problems } = await openPage(browser);
  let failChunks = true;
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
    const file = path.slice(1);
    if (!readdirSync(outDir).includes(file)) return route.fulfill({ status: 404, body: '' });
    if (failChunks && file === lazyChunk) return route.abort('internetdisconnected');
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(outDir, file)) });
  });
  await page.goto(ORIGIN + '/');
  const box = page.getByRole('alert');
  await expect.poll(() => box.isVisible()).toBe(true);
  expect(await box.textContent()).toContain('This part of the page could not be loaded.');
  expect(await page.locator('button.later').getAttribute('data-ready')).toBeNull();
  // The server-rendered island stays in place beside the box.
  expect(await page.locator('button.later').textContent()).toBe('Hello');

  failChunks = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => page.locator('button.later').getAttribute('data-ready')).toBe('true');
  expect(await box.count()).toBe(0);
  await page.locator('button.later').click();
  expect(await page.locator('button.later').textContent()).toBe('Hello 1');
  // Only the failed chunk load was reported by the browser.
  expect(problems.every((p) => /Failed to (load resource|fetch dynamically imported module)/.test(p))).toBe(true);
  await context.close();
});
