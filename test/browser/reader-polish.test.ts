// The reading polish of issue 20, on our own site in headless Chromium: the active navbar item,
// the chat button never over text, tables readable on a phone (every function page), headings
// copied without their "#", admonition icons, category cards using the whole width, back to
// top, a scroll cue on wide code, and the search modal's and search page's details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildOnce, repoRoot, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage, pageSettled } from '../helpers/browser.ts';
import { HANG_MS, LONG_MS } from '../helpers/patience.ts';

let site: ServedSite;
let browser: Browser;

// Building our whole site can take minutes on a busy machine (patience.ts).
beforeAll(async () => {
  site = await serveBuilt(await buildOnce(repoRoot));
  browser = await launchBrowser();
}, LONG_MS);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const open = async (path: string, width = 1280) => {
  const opened = await openPage(browser, { viewport: { width, height: 800 } });
  await opened.page.goto(site.url(path), { waitUntil: 'networkidle' });
  return opened;
};

const activeNavbarLinks = (page: Page) => page.locator('.navbar a[aria-current="page"]').allTextContents();

describe('navbar', () => {
  it('shows the current page\'s item as active, "Docs" for any other page of the sidebar', async () => {
    const { context, page } = await open('integrations/api');
    expect(await activeNavbarLinks(page)).toEqual(['API']);
    const colour = (name: string) => page.locator('.navbar').getByRole('link', { name, exact: true }).evaluate((el) => getComputedStyle(el).color);
    expect(await colour('API')).not.toBe(await colour('Quick start'));
    await page.locator('main').getByRole('link', { name: /./ }).filter({ has: page.locator('xpath=self::*[starts-with(@href, "/support/user-docs")]') }).first().click();
    await page.waitForURL('**/support/user-docs/**');
    expect(await activeNavbarLinks(page)).toEqual(['Docs']);
    await page.goto(site.url('search?q=lock'), { waitUntil: 'networkidle' });
    expect(await activeNavbarLinks(page)).toEqual([]);
    await context.close();
  });
});

/** Text boxes (paragraphs, list items, cells, headings, links, code) that overlap the chat button. */
const coveredByChat = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector('.script-launcher__button')!.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.querySelectorAll('main p, main li, main td, main th, main h2, main h3, main pre, .toc-desktop a, .footer a, .footer p')) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top) hits.push(`${el.tagName} ${el.textContent!.trim().slice(0, 40)}`);
    }
    return hits;
  });

describe('chat button', () => {
  it('never covers text at 1280 px, at the top, the middle or the end of a page with a long table of contents', async () => {
    const { context, page } = await open('guides/business-asset-tracking-guide', 1280);
    await page.locator('.script-launcher__button').waitFor();
    for (const at of [0, 0.5, 1]) {
      await page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f), at);
      await pageSettled(page); // the scroll handlers ran, and what they moved came to rest
      expect(await coveredByChat(page), `scrolled to ${at * 100}%`).toEqual([]);
    }
    await context.close();
  });

  it.each([
    ['user-docs/templates/formulas/functions/vlookup', 375],
    ['user-docs/templates/formulas/functions/vlookup', 1100],
    ['category/records', 1280],
    ['search?q=lock', 1280],
    ['search?q=lock', 375],
    ['no-such-page', 1280],
  ] as const)('floats as a launcher in the bottom corner of %s at %i px, clear of the page\'s end', async (path, width) => {
    const { context, page } = await open(path, width);
    const chat = page.locator('.script-launcher');
    await chat.waitFor();
    expect(await chat.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const place = await page.locator('.script-launcher__button').evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { right: innerWidth - box.right, bottom: innerHeight - box.bottom, width: box.width };
    });
    expect(place.right).toBeLessThanOrEqual(24);
    expect(place.bottom).toBeLessThanOrEqual(24);
    // Where no corner is kept free it is a small round button, named for screen readers.
    if (width < 1201 || !path.includes('functions')) expect(place.width).toBeLessThanOrEqual(48);
    expect(await page.getByRole('button', { name: 'Contact support' }).count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await coveredByChat(page)).toEqual([]);
    await context.close();
  });
});

describe('tables on a phone', () => {
  const functions = readdirSync(join(repoRoot, 'content/user-docs/templates/formulas/functions')).filter((f) => f.endsWith('.md') && f !== 'index.md');

  it('has 77 function pages to check', () => {
    expect(functions).toHaveLength(77);
  });

  it('reads every table of every function page at 375 px without zooming or scrolling sideways', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    const problems: string[] = [];
    for (const file of functions) {
      await page.goto(site.url(`user-docs/templates/formulas/functions/${file.replace(/\.md$/, '')}`), { waitUntil: 'domcontentloaded' });
      const found = await page.evaluate(() => {
        const issues: string[] = [];
        if (document.documentElement.scrollWidth > innerWidth) issues.push(`page is ${document.documentElement.scrollWidth} px wide`);
        for (const wrapper of document.querySelectorAll<HTMLElement>('main .table-wrapper')) {
          if (wrapper.scrollWidth > wrapper.clientWidth + 1) issues.push(`a table scrolls sideways (${wrapper.scrollWidth} px)`);
          for (const cell of wrapper.querySelectorAll<HTMLElement>('td')) {
            const box = cell.getBoundingClientRect();
            if (!box.width) continue;
            if (box.right > innerWidth) issues.push(`"${cell.textContent!.slice(0, 30)}" ends off screen`);
            // Text wrapped into a narrow column reads a word or two per line.
            if (cell.textContent!.length > 40 && box.width < 250) issues.push(`"${cell.textContent!.slice(0, 30)}" is ${Math.round(box.width)} px wide`);
          }
        }
        return issues;
      });
      problems.push(...found.map((issue) => `${file}: ${issue}`));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('labels each stacked value with its column, and keeps tables at desktop width', async () => {
    const { context, page } = await open('user-docs/templates/formulas/functions/vlookup', 375);
    const label = await page.locator('main td[data-label="Description"]').first().evaluate((el) => getComputedStyle(el, '::before').content);
    expect(label).toBe('"Description: "');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.locator('main table').first().evaluate((el) => getComputedStyle(el).display)).toBe('table');
    await context.close();
  });
});

describe('article details', () => {
  it('copies a heading without its "#" and shows an icon on admonitions', async () => {
    const { context, page } = await open('integrations/api');
    const copied = await page.evaluate(() => {
      const heading = document.querySelector('main h2')!;
      const range = document.createRange();
      range.selectNodeContents(heading);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return [heading.textContent, getSelection()!.toString()];
    });
    expect(copied[1]).toBe(copied[0]);
    expect(copied[1]).not.toContain('#');
    expect(await page.locator('main h2 .hash-link').first().evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"#"');
    const icon = await page.locator('.admonition-heading').first().evaluate((el) => {
      const style = getComputedStyle(el, '::before');
      return { width: style.width, mask: style.maskImage || style.webkitMaskImage };
    });
    expect(icon.width).toBe('18px');
    expect(icon.mask).toContain('data:image/svg+xml');
    await context.close();
  });

  it('lets category cards use the table of contents column', async () => {
    const { context, page } = await open('category/records');
    const width = await page.locator('.card-grid').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(900);
    await context.close();
  });

  it('shows a scroll cue on a code block wider than its box', async () => {
    const { context, page } = await open('guides/business-asset-tracking-guide');
    const pre = page.locator('main .code-block pre').first();
    expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await pre.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('radial-gradient');
    expect(await pre.evaluate((el) => getComputedStyle(el).backgroundAttachment)).toContain('local');
    await context.close();
  });
});

describe('markdown twins of our site', () => {
  it('has a twin for category pages and pages in the folder with a space, and lists every page in llms.txt', async () => {
    const get = async (path: string) => {
      const response = await fetch(site.url(path));
      expect(response.status, path).toBe(200);
      return response.text();
    };
    expect(await get('category/records.md')).toMatch(/^# Records\n[\s\S]*\n- \[Lock a record\]\(https:\/\/ordo\.app\/support\/user-docs\/records\/locking\.md\): /);
    expect(await get('user-docs/templates/cell%20types/date-cell.md')).toMatch(/^# Date cell\n/);
    const llms = await get('llms.txt');
    expect(llms).toMatch(/^# Ordo Help Center\n\n> Connects people, data and processes\n/);
    const listed = [...llms.matchAll(/\]\((https:\/\/ordo\.app\/support\/[^)]+\.md)\)/g)].length;
    const pages = readdirSync(join(repoRoot, 'content'), { recursive: true }).filter((f) => String(f).endsWith('.md') && !String(f).endsWith('STYLE.md')).length;
    expect(listed).toBe(pages);
  });
});

describe('back to top', () => {
  it('appears under the table of contents once scrolled, and goes back up with focus on the content', async () => {
    const { context, page } = await open('guides/business-asset-tracking-guide');
    const link = page.locator('.toc-desktop').getByRole('link', { name: 'Back to top' });
    expect(await link.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await context.close();
  });

  it('is at the end of the article on a phone', async () => {
    const { context, page } = await open('guides/business-asset-tracking-guide', 375);
    const link = page.locator('article').getByRole('link', { name: 'Back to top' });
    await link.scrollIntoViewIfNeeded();
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: HANG_MS }).toBe(0);
    await context.close();
  });
});

describe('search details', () => {
  it('keeps the group heading flush with the top, marks hits lightly, and gives child rows their full breadcrumb', async () => {
    const { context, page } = await open('user-docs/records/locking');
    await page.keyboard.press('Control+k');
    await page.locator('#docsearch-input').fill('lock');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const dropdown = page.locator('.DocSearch-Dropdown');
    await dropdown.evaluate((el) => el.scrollBy(0, 200));
    const [headingTop, areaTop] = await page.evaluate(() => {
      const area = document.querySelector('.DocSearch-Dropdown')!.getBoundingClientRect().top;
      const stuck = [...document.querySelectorAll('.DocSearch-Hit-source')].map((h) => h.getBoundingClientRect().top).filter((top) => top <= area + 10);
      return [Math.max(...stuck), area];
    });
    expect(headingTop).toBe(areaTop);
    const mark = await page.locator('.DocSearch-Hit mark').first().evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(mark).toBe('none');
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('.DocSearch-Hit--Child')].map((row) => ({
        path: row.querySelector('.DocSearch-Hit-path')?.textContent ?? '',
        page: row.closest('[role=listbox]')!.querySelector('.DocSearch-Hit:not(.DocSearch-Hit--Child) .DocSearch-Hit-title')!.textContent!,
      })),
    );
    expect(rows.length).toBeGreaterThan(0);
    // Every row reads on its own (issue 37, item 8): section › page › headings, as DocSearch's breadcrumbs.
    for (const row of rows) expect(row.path.split(' › ')[1]).toBe(row.page);
    await context.close();
  });

  it('gives the search page the modal\'s clear button and no "Overview" lines', async () => {
    const { context, page } = await open('search?q=lock');
    await page.locator('.search-page__hit').first().waitFor();
    expect(await page.locator('.search-page__title', { hasText: /^Overview$/ }).count()).toBe(0);
    const clear = page.getByRole('button', { name: 'Clear the query' });
    expect(await clear.evaluate((el) => el.classList.contains('DocSearch-Reset'))).toBe(true);
    await clear.click();
    expect(await page.locator('#search-page-input').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-page-input');
    expect(await clear.isVisible()).toBe(false);
    await context.close();
  });
});
