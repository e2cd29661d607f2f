// axe-core on the shell fixture: doc, category, search, not-found and home pages, light and
// dark, desktop and phone widths, plus the open mobile menu and the crash screen.
import { describe, expect, it } from 'vitest';
import { useShellSite, seriousViolations } from './support.ts';

const shell = useShellSite();
const PAGES = ['', 'guides/long', 'category/guides', 'search', 'no/such/page'];

describe.each(['light', 'dark'] as const)('%s mode', (mode) => {
  it.each([1280, 375])('has no serious or critical violations at %i px', async (width) => {
    const { context, page } = await shell.open({ viewport: { width, height: 800 } });
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(shell.site.url(path), { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      found.push(...(await seriousViolations(page)).map((v) => `${path || 'home'}: ${v}`));
    }
    if (width === 375) {
      await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      found.push(...(await seriousViolations(page)).map((v) => `mobile menu: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

it.each([320, 375, 1280])('never overflows sideways at %i px', async (width) => {
  const { context, page } = await shell.open({ viewport: { width, height: 800 } });
  for (const path of PAGES) {
    await page.goto(shell.site.url(path), { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
  }
  await context.close();
});
