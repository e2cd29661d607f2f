// Browser-test helpers for search: the search fixture built and served once per test file, a
// page opened on it with hydration done, and the modal's main parts.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { buildOnce, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { searchSite } from './helpers.ts';

export interface Env {
  site: ServedSite;
  browser: Browser;
}

export async function startEnv(siteDir = searchSite): Promise<Env> {
  const site = await serveBuilt(await buildOnce(siteDir));
  return { site, browser: await launchBrowser() };
}

export async function stopEnv(env: Env | undefined): Promise<void> {
  await env?.browser.close();
  await env?.site.close();
}

/** Opens a page and waits until the search button has hydrated (its shortcut keys show, drawn from data-key). */
export async function open(env: Env, path = 'guides/locking', options: BrowserContextOptions = {}, init?: (page: Page) => Promise<unknown>) {
  const opened = await openPage(env.browser, options);
  await init?.(opened.page);
  await opened.page.goto(env.site.url(path), { waitUntil: 'networkidle' });
  await opened.page.waitForFunction(() => document.querySelector('.DocSearch-Button-Key')?.hasAttribute('data-key'));
  return opened;
}

export const modal = (page: Page) => page.locator('.DocSearch-Modal');

/** The search modal's code chunk. */
export const MODAL_CODE = /\/mount\.[\w-]+\.js$/;

/** Holds the modal's chunk back until release() (a gate, not a delay: on a busy machine typing can take longer than any delay). */
export function holdModalCode(): { init: (page: Page) => Promise<unknown>; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const init = (page: Page) =>
    page.route(MODAL_CODE, async (route) => {
      await gate;
      await route.continue();
    });
  return { init, release };
}
export const input = (page: Page) => page.locator('#docsearch-input');

/** Types a query and waits for its answer (hits, no results or the error screen). */
export async function searchFor(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await page.waitForFunction((q) => {
    const container = document.querySelector<HTMLElement>('.DocSearch-Container');
    return !!container && (container.dataset.status === 'error' || (container.dataset.status === 'idle' && container.dataset.answered === q));
  }, query);
}
