// Client navigation: fetch then swap, history and scroll, focus and announcement, the progress
// bar timing (controlled clock), failure → normal page load, prefetch (and not with data saver),
// the .html rewrite, analytics page views and the live-chat script.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShellSite } from './support.ts';
import { requestsSettled } from '../helpers/browser.ts';

const shell = useShellSite();
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const h1 = (page: Page) => page.locator('main h1').textContent();

it('swaps in the next page with history, scroll, focus, announcement and page views', async () => {
  const { context, page, problems, analytics } = await shell.open();
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  await mark(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  await page.getByRole('link', { name: 'Next Short guide' }).click();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(await sameDocument(page)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/support/guides/short');
  expect(await page.title()).toBe('Short guide | Shell Test');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('A short page.');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docusaurus_skipToContent_fallback');
  await expect.poll(() => page.locator('.route-announcer').textContent()).toBe('Navigated to Short guide | Shell Test');
  expect(await page.locator('.doc-sidebar a[aria-current="page"]').textContent()).toBe('Short guide');
  expect(await page.locator('.table-of-contents').count()).toBe(0); // the short page has no TOC

  await page.goBack();
  await expect.poll(() => h1(page)).toBe('Long guide');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  expect(await page.locator('.doc-toc .table-of-contents__link').count()).toBeGreaterThan(0);
  await page.goForward();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(await sameDocument(page)).toBe(true);

  // A link to a #section of another page lands on that section.
  await page.goto(shell.site.url('reference/advanced/deep'));
  await mark(page);
  await page.locator('main').getByRole('link', { name: 'long guide section' }).click();
  await expect.poll(() => h1(page)).toBe('Long guide');
  expect(await sameDocument(page)).toBe(true);
  expect(new URL(page.url()).hash).toBe('#section-3');
  const top = await page.locator('#section-3').evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(120);
  await expect.poll(() => page.locator('.doc-toc a.table-of-contents__link--active').textContent()).toBe('Section 3');

  // One page view per page shown: two loads and four client navigations.
  await expect.poll(() => analytics.map((a) => a.path)).toEqual([
    '/support/guides/long',
    '/support/guides/short',
    '/support/guides/long',
    '/support/guides/short',
    '/support/reference/advanced/deep',
    '/support/guides/long',
  ]);
  expect(analytics[1]!.referrer).toBe(shell.site.url('guides/long'));
  expect(problems).toEqual([]);
  await context.close();
});

it('shows the progress bar only after 200 ms, with nprogress timings', async () => {
  const { context, page, problems } = await shell.open();
  await page.clock.install();
  // The short page's fetch (a prefetch may start it early) answers only when the test says so.
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/support/guides/short', async (route) => {
    if (route.request().resourceType() === 'fetch') await held;
    await route.continue();
  });
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'domcontentloaded' });
  await page.clock.pauseAt(Date.now() + 60_000);
  const bar = page.locator('.nprogress__bar');
  await page.getByRole('link', { name: 'Next Short guide' }).click();
  await page.clock.runFor(199);
  expect(await bar.count()).toBe(0);
  await page.clock.runFor(1);
  expect(await bar.getAttribute('data-value')).toBe('0.080');
  expect(await bar.evaluate((el) => el.style.transitionDuration)).toBe('200ms');
  await page.clock.runFor(800); // one trickle: up by at most 2 %
  const trickled = Number(await bar.getAttribute('data-value'));
  expect(trickled).toBeGreaterThanOrEqual(0.08);
  expect(trickled).toBeLessThanOrEqual(0.1);
  release();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(await bar.getAttribute('data-value')).toBe('1.000');
  await page.clock.runFor(200); // then fades over 200 ms and is removed
  expect(await bar.evaluate((el) => el.style.opacity)).toBe('0');
  await page.clock.runFor(200);
  expect(await bar.count()).toBe(0);

  // A navigation that finishes within 200 ms never shows the bar.
  await page.getByRole('link', { name: 'Previous Long guide' }).click();
  await expect.poll(() => h1(page)).toBe('Long guide');
  await page.clock.runFor(1000);
  expect(await bar.count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

it('falls back to a normal page load when the page cannot be fetched', async () => {
  const { context, page, problems } = await shell.open();
  // Set up before the page loads, so an in-view prefetch cannot fetch the page first.
  await page.route('**/support/guides/short', (route) => (route.request().resourceType() === 'fetch' ? route.abort() : route.continue()));
  await page.goto(shell.site.url('guides/long'));
  await mark(page);
  await page.getByRole('link', { name: 'Next Short guide' }).click();
  await page.waitForURL('**/support/guides/short');
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(await sameDocument(page)).toBe(false);
  // Only the explanation of the fallback was logged.
  expect(problems.every((p) => p.includes('Client navigation failed') || p.includes('net::ERR_FAILED'))).toBe(true);
  await context.close();
});

it('prefetches on hover and in view, and uses the prefetched page', async () => {
  const { context, page, problems } = await shell.open();
  const fetched: string[] = [];
  page.on('request', (request) => {
    // The sidebar file is no prefetch: Guides, configured open, is filled from it as the page starts.
    if (request.resourceType() === 'fetch' && !/__analytics|\/assets\/sidebar\.|\/__settled\//.test(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(shell.site.url('reference/advanced/deep'), { waitUntil: 'networkidle' });
  // The content links in view were fetched ahead...
  await expect.poll(() => fetched).toContain('/support/guides/long');
  // ...sidebar links only on hover (an in-view prefetch would have started by the page's next idle time).
  await requestsSettled(page);
  expect(fetched).not.toContain('/support/guides/short');
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Short guide' }).hover();
  await expect.poll(() => fetched).toContain('/support/guides/short');
  await mark(page);
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Short guide' }).click();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(await sameDocument(page)).toBe(true);
  expect(fetched.filter((p) => p === '/support/guides/short')).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});

it('prefetches nothing with data saver on', async () => {
  const { context, page, problems } = await shell.open();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const fetched: string[] = [];
  page.on('request', (request) => {
    // The sidebar file is no prefetch: Guides, configured open, is filled from it as the page starts.
    if (request.resourceType() === 'fetch' && !/__analytics|\/assets\/sidebar\.|\/__settled\//.test(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(shell.site.url('reference/advanced/deep'), { waitUntil: 'networkidle' });
  expect(await page.evaluate(() => (navigator as unknown as { connection: { saveData: boolean } }).connection.saveData)).toBe(true);
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Short guide' }).hover();
  await page.locator('main').getByRole('link', { name: 'long guide section' }).hover();
  // A hover prefetch starts in the hover's own task, one of a link in view at the next idle time.
  await requestsSettled(page);
  expect(fetched).toEqual([]);
  // Navigation itself still works (and fetches only what is shown).
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Short guide' }).click();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(fetched).toEqual(['/support/guides/short']);
  expect(problems).toEqual([]);
  await context.close();
});

it('reads a page answered at its slash form (a static host\'s folder redirect) as the page its links name', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long/'), { waitUntil: 'networkidle' });
  await mark(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  // A link in the text to a section of this page, as the site writes it: "/a/b#section".
  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), { href: '/support/guides/long#section-3', textContent: 'this page, section 3' });
    document.querySelector('main p')!.append(link);
  });
  await page.getByRole('link', { name: 'this page, section 3' }).hover();
  await page.getByRole('link', { name: 'this page, section 3' }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#section-3');
  expect(await sameDocument(page)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/support/guides/long/');
  // Neither the hover's prefetch nor the click fetched the page on screen again.
  expect(fetched.filter((path) => path.startsWith('/support/guides/long'))).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

it('rewrites .html and /index.html paths to the clean path, also for links', async () => {
  const { context, page, problems } = await shell.open();
  // A static host that serves the file itself (helpgen's server would redirect).
  const html = await (await fetch(shell.site.url('guides/short'))).text();
  await page.route(
    (url) => url.pathname === '/support/guides/short.html',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await page.goto(shell.site.url('guides/short.html?x=1#top'));
  expect(new URL(page.url()).pathname).toBe('/support/guides/short');
  expect(new URL(page.url()).search).toBe('?x=1');
  await page.goto(shell.site.url(''));
  await mark(page);
  await page.locator('main').getByRole('link', { name: 'old address' }).click();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(new URL(page.url()).pathname).toBe('/support/guides/short');
  expect(await sameDocument(page)).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

it('has the skip link first; it moves focus to the main content', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
  expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.tagName + '#' + document.activeElement?.id)).toBe('MAIN#__docusaurus_skipToContent_fallback');
  // The next Tab goes into the content, not back to the navbar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

it('loads the live-chat script once, async, after the page is interactive', async () => {
  const { context, page, problems } = await shell.open();
  // Record the document state at the moment the script element is added.
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src.endsWith('/chat/widget.js')) {
            (window as unknown as { __chatAddedWhen: string }).__chatAddedWhen = document.readyState;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(shell.site.url('guides/long'));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __chatWidgetLoaded?: number }).__chatWidgetLoaded)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __chatAddedWhen: string }).__chatAddedWhen)).toBe('complete');
  expect(await page.locator('script[src="/support/chat/widget.js"]').evaluate((s) => (s as HTMLScriptElement).async)).toBe(true);
  await page.getByRole('link', { name: 'Next Short guide' }).click();
  await expect.poll(() => h1(page)).toBe('Short guide');
  expect(await page.evaluate(() => (window as unknown as { __chatWidgetLoaded?: number }).__chatWidgetLoaded)).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

it('keeps the scroll position across a reload', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  await page.evaluate(() => window.scrollTo(0, 1500));
  // The position is saved in the history entry once scrolling settles.
  await expect.poll(() => page.evaluate(() => (history.state as { scroll?: number }).scroll)).toBe(1500);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
  expect(problems).toEqual([]);
  await context.close();
});
