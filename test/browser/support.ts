// Shared set-up for the shell browser tests: the shell fixture site (every optional shell
// feature on), built once per test file and served on a free port, and one headless Chromium.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { buildOnce, fixture, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';

export interface Shell {
  site: ServedSite;
  browser: Browser;
  /** A fresh context and page; analytics calls are answered (and recorded) by the test. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; problems: string[]; analytics: { path: string; title: string; referrer: string }[] }>;
}

/** Call at the top of a test file: builds and serves `name` (default: shell-site) for the file's tests. */
export function useShellSite(name = 'shell-site'): Shell {
  const shell = {} as Shell;
  beforeAll(async () => {
    shell.site = await serveBuilt(await buildOnce(fixture(name)));
    shell.browser = await launchBrowser();
    shell.open = async (options = {}) => {
      const opened = await openPage(shell.browser, options);
      const analytics: { path: string; title: string; referrer: string }[] = [];
      await opened.context.route('**/support/__analytics', async (route) => {
        analytics.push(JSON.parse(route.request().postData() ?? '{}'));
        await route.fulfill({ status: 204 });
      });
      return { ...opened, analytics };
    };
  });
  afterAll(async () => {
    await shell.browser?.close();
    await shell.site?.close();
  });
  return shell;
}

/** Runs in the page before any script: records data-theme and the announcement state at the first frame. */
export const RECORD_FIRST_FRAME = () => {
  const w = window as unknown as { __firstFrame?: Record<string, string | null> };
  requestAnimationFrame(() => {
    const bar = document.querySelector('.announcement-bar');
    w.__firstFrame = {
      theme: document.documentElement.getAttribute('data-theme'),
      barDisplay: bar ? getComputedStyle(bar).display : null,
      navbarTop: String(document.querySelector('.navbar')?.getBoundingClientRect().top ?? null),
    };
  });
};

/** Runs axe-core in the page and returns the serious and critical violations, readable. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { createRequire } = await import('node:module');
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  });
  return violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary.split('\n')[1]?.trim()})`).join('; ')}`);
}

/** Makes every use of localStorage throw, as when the browser blocks storage (call before goto). */
export async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
}
