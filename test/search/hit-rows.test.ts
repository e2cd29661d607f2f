// Every search result row has one layout, in the modal and on the search page alike (issue 37,
// item 8): its title, its breadcrumb (section › page › headings) and a snippet, in that order,
// whether the hit is a page, a heading or a paragraph; and a snippet never runs a web address
// into the words around it (the fixture's admin/portal page glues an autolink to its words).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => stopEnv(env));

interface Row {
  parts: string[];
  title: string;
  path: string;
  snippet: string;
}

/** The rows of one of each kind of hit the query "portal" gives: the page, a heading, a paragraph. */
const EXPECTED = [
  { title: 'Supplier portal', path: 'Administration' },
  { title: 'Portal address', path: 'Administration › Supplier portal' },
  { title: 'Orders', path: 'Administration › Supplier portal' },
];

/** A web address glued to the word before it, or one that runs on into the next word. */
const GLUED = [/[\p{L}\p{N}](?:https?:\/\/|www\.)/u, /portal\.widget\.test[\p{L}\p{N}]/u];

function expectOneLayout(rows: Row[], partNames: string[]): void {
  for (const expected of EXPECTED) {
    const row = rows.find((r) => r.title === expected.title);
    expect(row, `a row titled "${expected.title}"`).toBeDefined();
    expect(row!.parts, `the parts of "${expected.title}"`).toEqual(partNames);
    expect(row!.path).toBe(expected.path);
    expect(row!.snippet, `the snippet of "${expected.title}"`).not.toBe('');
  }
  for (const row of rows) for (const glued of GLUED) expect(row.snippet, `the snippet of "${row.title}"`).not.toMatch(glued);
  expect(rows.find((r) => r.title === 'Supplier portal')!.snippet).toContain('portal https://portal');
}

async function modalRows(page: Page): Promise<Row[]> {
  return page.$$eval('.DocSearch-Dropdown .DocSearch-Hit-content-wrapper', (wrappers) =>
    wrappers.map((w) => {
      const text = (name: string) => w.querySelector(`.DocSearch-Hit-${name}`)?.textContent ?? '';
      return { parts: [...w.children].map((c) => c.className), title: text('title'), path: text('path'), snippet: text('snippet') };
    }),
  );
}

describe('search result rows', () => {
  it('the modal draws every kind of hit as title, breadcrumb and snippet, with no address glued to a word', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await open(env, 'guides/locking', { viewport: { width, height: 800 } });
      await page.keyboard.press('Control+k');
      await searchFor(page, 'portal');
      expectOneLayout(await modalRows(page), ['DocSearch-Hit-title', 'DocSearch-Hit-path', 'DocSearch-Hit-snippet']);
      await context.close();
    }
  });

  it('the search page draws its rows the same way', async () => {
    const { context, page } = await open(env, 'search?q=portal');
    await page.waitForFunction(() => document.querySelector('.search-page__results')?.getAttribute('data-answered') === 'portal');
    const rows = await page.$$eval('.search-page__hit', (items) =>
      items.map((item) => {
        const text = (name: string) => item.querySelector(`.search-page__${name}`)?.textContent ?? '';
        return { parts: [...item.children].map((c) => c.className), title: text('title'), path: text('path'), snippet: text('snippet') };
      }),
    );
    expectOneLayout(rows, ['search-page__title', 'search-page__path', 'search-page__snippet']);
    await context.close();
  });
});
