// Mermaid diagrams: drawn in the site's colours, drawn again when the colour mode changes, the
// source shown without JavaScript or when it has a mistake, and mermaid's code loaded only on
// pages that have a diagram.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShellSite } from './support.ts';
import { HANG_MS } from '../helpers/patience.ts';

const shell = useShellSite('reader-site');

const states = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('figure.diagram')].map((f) => f.dataset.state ?? 'waiting'));
/** The fill of the first flowchart node, which follows the colour mode. */
const nodeFill = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('figure.diagram svg .node rect, figure.diagram svg .node polygon')!).fill);

it('draws the diagrams, follows the colour mode and shows the source of a broken one', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/diagrams'), { waitUntil: 'networkidle' });
  await expect.poll(() => states(page), { timeout: HANG_MS }).toEqual(['drawn', 'drawn', 'error']);
  expect(await page.locator('figure.diagram').first().locator('svg').getByText('Approved?').isVisible()).toBe(true);
  expect(await page.locator('figure.diagram').first().locator('.diagram__source').isVisible()).toBe(false);
  // The broken one keeps its source on screen with a note, and says why in the console.
  const broken = page.locator('figure.diagram').nth(2);
  expect(await broken.locator('.diagram__source').textContent()).toBe('flowchart LR\n  A --> ');
  expect(await broken.evaluate((f) => getComputedStyle(f, '::before').content)).toContain('could not be drawn');
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^warning: A diagram on this page could not be drawn/);

  const light = await nodeFill(page);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect.poll(() => nodeFill(page)).not.toBe(light);
  expect(await states(page)).toEqual(['drawn', 'drawn', 'error']);
  await context.close();
});

it('shows the diagram source without JavaScript', async () => {
  const { context, page } = await shell.open({ javaScriptEnabled: false });
  await page.goto(shell.site.url('guides/diagrams'));
  expect(await page.locator('figure.diagram .diagram__source').first().textContent()).toContain('A[Draft] --> B{Approved?}');
  expect(await page.locator('figure.diagram .diagram__source').first().isVisible()).toBe(true);
  await context.close();
});

it('loads diagram code only on a page with a diagram', async () => {
  const { context, page } = await shell.open();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url().split('/').pop()!);
  });
  await page.goto(shell.site.url('guides/plain'), { waitUntil: 'networkidle' });
  const eager = [...scripts];
  expect(eager.some((name) => name.startsWith('diagrams.'))).toBe(false);
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Diagrams on a page' }).click();
  await expect.poll(() => states(page), { timeout: HANG_MS }).toEqual(['drawn', 'drawn', 'error']);
  expect(scripts.some((name) => name.startsWith('diagrams.'))).toBe(true);
  expect(scripts.length - eager.length).toBeGreaterThan(1); // mermaid's own chunks came with it
  await context.close();
});

it('on a phone, a wide diagram scrolls inside the column with a shadow cue, its source kept as text', async () => {
  const { context, page } = await shell.open({ viewport: { width: 375, height: 700 } });
  await page.goto(shell.site.url('guides/diagrams'), { waitUntil: 'networkidle' });
  await expect.poll(() => states(page), { timeout: HANG_MS }).toEqual(['drawn', 'drawn', 'error']);
  const figure = page.locator('figure.diagram').first();
  const fit = await figure.evaluate((f) => {
    const box = f.getBoundingClientRect();
    return { scrolls: f.scrollWidth > f.clientWidth, right: box.right, page: document.documentElement.scrollWidth, cue: getComputedStyle(f).backgroundImage, focusable: f.tabIndex };
  });
  // The page never widens; the drawing scrolls in its box, which keyboard users can reach.
  expect(fit.page).toBeLessThanOrEqual(375);
  expect(fit.right).toBeLessThanOrEqual(375);
  if (fit.scrolls) {
    expect(fit.cue).toContain('gradient');
    expect(fit.focusable).toBe(0);
  }
  // The source, as text: named for screen readers, copyable, folded under the drawing.
  const source = page.getByRole('group').filter({ has: page.getByText('Diagram source', { exact: true }) }).first();
  expect(await source.count()).toBe(1);
  await source.getByText('Diagram source', { exact: true }).click();
  expect(await source.locator('.diagram__source').textContent()).toContain('A[Draft] --> B{Approved?}');
  expect(await source.locator('.diagram__source').isVisible()).toBe(true);
  await context.close();
});
