// Announcement bar: shown until closed; the closed flag and the bar id are stored; a new id shows
// it again; a reader who closed it never sees it appear and jump away on load.
import { expect, it } from 'vitest';
import { useShellSite, RECORD_FIRST_FRAME } from './support.ts';

const shell = useShellSite();

it('stays closed after closing, with no layout shift on the next load', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  const bar = page.getByRole('region', { name: 'Announcement' });
  await expect.poll(() => bar.isVisible()).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('bar-1');
  await page.getByRole('button', { name: 'Close announcement' }).click();
  expect(await bar.isVisible()).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');

  await page.addInitScript(RECORD_FIRST_FRAME);
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__shift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload({ waitUntil: 'networkidle' });
  const first = await page.evaluate(() => (window as unknown as { __firstFrame: Record<string, string> }).__firstFrame);
  expect(first.barDisplay).toBe('none');
  expect(first.navbarTop).toBe('0');
  expect(await bar.isVisible()).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

it('shows again when the bar id changes', async () => {
  const { context, page, problems } = await shell.open();
  // A reader who closed an older bar.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('docusaurus.announcement.id', 'bar-0');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
  });
  await page.goto(shell.site.url('guides/long'));
  await expect.poll(() => page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(true);
  expect(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')])).toEqual([
    'bar-1',
    'false',
  ]);
  expect(problems).toEqual([]);
  await context.close();
});
