// When the search modal's code loads, in headless Chromium on the built search fixture: nothing
// with the page, everything on the first intent, all its chunks at once, and a click or keys
// before React has arrived are not lost (spec §2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdModalCode, input, MODAL_CODE, modal, open, startEnv, stopEnv, type Env } from './browser.ts';
import { openPage } from '../helpers/browser.ts';
import { holdReact } from '../helpers/hold-react.ts';

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => stopEnv(env));

describe('loading', () => {
  it('loads no search code or index with the page, and both on first intent (hover)', async () => {
    const requests: string[] = [];
    const { context, page } = await open(env, 'guides/locking', {}, async (p) => {
      p.on('request', (r) => requests.push(r.url()));
    });
    const before = [...requests];
    expect(before.some((u) => /\/main\.[\w-]+\.js$/.test(u))).toBe(true); // the requests were seen
    expect(before.some((u) => u.includes('/assets/search/'))).toBe(false);
    expect(before.some((u) => /\/mount\.[\w-]+\.js$/.test(u) || /\/local\.[\w-]+\.js$/.test(u))).toBe(false);
    const index = page.waitForRequest((r) => /\/assets\/search\/index\.json$/.test(r.url()));
    await page.hover('.DocSearch-Button');
    await index;
    expect(requests.some((u) => /\/mount\.[\w-]+\.js$/.test(u))).toBe(true);
    await context.close();
  });

  it('asks for the modal chunk and every chunk it imports at once, not one level after another', async () => {
    const held = holdModalCode();
    const requests: string[] = [];
    const { context, page } = await open(env, 'guides/locking', {}, async (p) => {
      await held.init(p);
      p.on('request', (r) => requests.push(r.url()));
    });
    const before = requests.length;
    await page.hover('.DocSearch-Button');
    // While the modal chunk itself is held back, the chunks it imports are already on their way.
    await expect.poll(() => requests.slice(before).some((u) => MODAL_CODE.test(u))).toBe(true);
    await expect.poll(() => requests.slice(before).filter((u) => u.includes('/assets/js/') && !MODAL_CODE.test(u)).length).toBeGreaterThan(0);
    held.release();
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await context.close();
  });

  it('a click on the button before React has arrived opens it, with the keys typed meanwhile as the query', async () => {
    const { context, page, problems } = await openPage(env.browser);
    const react = await holdReact(page);
    await page.goto(env.site.url('guides/locking'), { waitUntil: 'load' });
    // The button is plain DOM, working as soon as the page's own small script has run.
    await page.waitForFunction(() => document.querySelector('.DocSearch-Button-Key')?.hasAttribute('data-key'));
    await page.click('.DocSearch-Button');
    await page.keyboard.type('lock');
    await expect.poll(() => react.held()).toBeGreaterThan(0); // React was asked for, not given
    await expect(modal(page).count()).resolves.toBe(0);
    react.release();
    await modal(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe('lock');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('docsearch-input');
    expect(problems).toEqual([]);
    await context.close();
  });
});
