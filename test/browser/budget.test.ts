// The JavaScript budget of a first view. "Eager" scripts are the page's own scripts whose
// request started before the load event, on a page nobody touches: what a reader's browser must
// fetch and run before the page counts as loaded. On a doc page they are at most 20 KB gzip,
// with no React and no search code. React comes only when the reader shows an intent to search
// (pointer or focus on the search button): a page read without it never loads React.
// Nothing blocks rendering except the inline theme script (under 1 KB).
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { REACT_CODE as REACT } from '../helpers/hold-react.ts';
import { useShellSite } from './support.ts';

const shell = useShellSite();

const EAGER_BUDGET = 20 * 1024;

it('loads at most 20 KB of gzipped JavaScript, no React and no search code on a doc page until the reader points at search', async () => {
  const { context, page, problems } = await shell.open();
  // Bodies are read as the responses arrive and awaited once the page has settled.
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().includes('/assets/js/')) bodies.set(response.url(), response.body());
  });
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  // The browser has been idle too (what used to fetch React then): still no React.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
  await page.waitForLoadState('networkidle');
  const hasReact = async () => (await Promise.all(bodies.values())).some((body) => REACT.test(body.toString()));
  expect(await hasReact(), 'no React before the reader asks for search').toBe(false);
  // Pointing at the search button is the intent: React arrives, and the modal opens with it.
  await page.locator('.DocSearch-Button').hover();
  await expect.poll(hasReact).toBe(true);
  await page.locator('.DocSearch-Button').click();
  await page.locator('.DocSearch-Modal').waitFor();
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { load: navigation.loadEventStart, started: performance.getEntriesByType('resource').map((r) => ({ url: r.name, start: r.startTime })) };
  });
  const startOf = (url: string) => timing.started.find((r) => r.url === url)?.start;
  const scripts = await Promise.all([...bodies].map(async ([url, body]) => ({ url, body: await body, start: startOf(url) })));
  expect(scripts.every((s) => s.start !== undefined), 'every script should have a resource timing entry').toBe(true);
  const eager = scripts.filter((s) => s.start! < timing.load);
  const later = scripts.filter((s) => s.start! >= timing.load);
  expect(eager.length, 'the page should load its own client scripts').toBeGreaterThan(0);

  const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).length;
  const total = eager.reduce((sum, s) => sum + gzip(s.body), 0);
  const raw = eager.reduce((sum, s) => sum + s.body.length, 0);
  const list = (some: typeof scripts) => some.map((s) => `${s.url.split('/').pop()} ${(gzip(s.body) / 1024).toFixed(1)} KB`).join(', ');
  console.log(`eager JS: ${list(eager)}; total ${(total / 1024).toFixed(1)} KB gzip, ${(raw / 1024).toFixed(1)} KB raw. After the load event: ${list(later)}`);
  expect(total).toBeLessThanOrEqual(EAGER_BUDGET);
  for (const { url, body } of eager) {
    expect(url).not.toMatch(/search/i);
    expect(body.toString(), `${url} should hold no React`).not.toMatch(REACT);
    expect(body.toString(), `${url} should hold no search code`).not.toMatch(/MiniSearch|algoliasearch|DocSearch-Modal/);
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
