// The JavaScript budget of a first view: at most 90 KB gzip on a doc page, no search code, and
// nothing that blocks rendering except the inline theme script (under 1 KB).
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { useShellSite } from './support.ts';

const shell = useShellSite();

it('loads at most 90 KB of gzipped JavaScript and no search code on a doc page', async () => {
  const { context, page, problems } = await shell.open();
  // Bodies are read as the responses arrive, but awaited only after the page settles: an async
  // listener that pushed after its own await could still be reading when the test measured (or
  // closed the page), and the budget would then be checked against nothing.
  const pending: Promise<{ url: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') pending.push(response.body().then((body) => ({ url: response.url(), body })));
  });
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  const scripts = await Promise.all(pending);
  const own = scripts.filter((s) => s.url.includes('/assets/js/'));
  expect(own.length, 'the page should load its own client scripts').toBeGreaterThan(0);
  const gzip = own.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);
  console.log(`first view JS: ${own.map((s) => `${s.url.split('/').pop()} ${(gzipSync(s.body, { level: 9 }).length / 1024).toFixed(1)} KB`).join(', ')}; total ${(gzip / 1024).toFixed(1)} KB gzip`);
  expect(gzip).toBeLessThanOrEqual(90 * 1024);
  for (const { url, body } of own) {
    expect(url).not.toMatch(/search/i);
    expect(body.toString()).not.toMatch(/MiniSearch|algoliasearch|DocSearch-Modal/);
  }
  // Render-blocking scripts: only the inline theme script (module scripts are deferred).
  const head = await page.evaluate(() =>
    [...document.head.querySelectorAll('script')].map((s) => ({ type: s.type, src: s.src, async: s.async, defer: s.defer, size: s.textContent?.length ?? 0 })),
  );
  const blocking = head.filter((s) => s.type !== 'module' && s.type !== 'application/json' && !s.async && !s.defer);
  expect(blocking).toHaveLength(1);
  expect(blocking[0]!.src).toBe('');
  expect(blocking[0]!.size).toBeLessThan(1024);
  console.log(`inline theme script: ${blocking[0]!.size} bytes`);
  expect(problems).toEqual([]);
  await context.close();
});
