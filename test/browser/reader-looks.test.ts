// Issue 37's looks on the reader fixture, in headless Chromium: table regions named after
// their caption or heading, a word-wrap toggle on code blocks.
import { expect, it } from 'vitest';
import { useShellSite } from './support.ts';

const shell = useShellSite('reader-site');

it('names each table region after the heading above it, numbering a heading\'s second table', async () => {
  const { context, page } = await shell.open();
  await page.goto(shell.site.url('guides/tables'), { waitUntil: 'networkidle' });
  const names = await page.locator('.table-wrapper').evaluateAll((els) => els.map((el) => `${el.getAttribute('role')}: ${el.getAttribute('aria-label')}`));
  expect(names).toEqual(['region: Plans', 'region: Limits', 'region: Limits, table 2']);
  expect(await page.getByRole('region', { name: 'Plans', exact: true }).getByRole('cell', { name: 'Business' }).count()).toBe(1);
  await context.close();
});

it('wraps a code block\'s long lines with its Wrap toggle, and unwraps them again', async () => {
  const { context, page, problems } = await shell.open({ viewport: { width: 375, height: 700 } });
  await page.goto(shell.site.url('guides/tables'), { waitUntil: 'networkidle' });
  const block = page.locator('.code-block').first();
  const scrolls = () => block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
  expect(await scrolls()).toBe(true);
  const wrap = block.getByRole('button', { name: 'Toggle word wrap' });
  expect(await wrap.count()).toBe(1);
  expect(await wrap.getAttribute('aria-pressed')).toBe('false');
  expect(await wrap.isVisible()).toBe(true);
  await wrap.click();
  expect(await wrap.getAttribute('aria-pressed')).toBe('true');
  expect(await scrolls()).toBe(false);
  // Copying still copies the code itself, wrapped or not.
  expect(await block.getByRole('button', { name: 'Copy code to clipboard' }).count()).toBe(1);
  await wrap.click();
  expect(await wrap.getAttribute('aria-pressed')).toBe('false');
  expect(await scrolls()).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

it('never starts a wrapped line of breadcrumbs with a bare "›" on a phone', async () => {
  const { context, page } = await shell.open({ viewport: { width: 375, height: 700 } });
  await page.goto(shell.site.url('guides/tables'), { waitUntil: 'networkidle' });
  // Narrow the trail until it wraps, as a long page title does on a phone.
  await page.locator('.breadcrumbs').evaluate((el) => (el.style.maxWidth = '150px'));
  const lines = await page.locator('.breadcrumbs__item').evaluateAll((items) => {
    const starts = new Map<number, string>();
    for (const item of items) {
      const box = item.getBoundingClientRect();
      const top = Math.round(box.top);
      if (!starts.has(top)) starts.set(top, `${getComputedStyle(item, '::before').content}|${item.textContent?.trim() || 'home'}`);
    }
    return [...starts.values()];
  });
  expect(lines.length, 'the trail should wrap for this test').toBeGreaterThan(1);
  for (const line of lines) expect(line.startsWith('none|'), line).toBe(true);
  await context.close();
});
