// The search modal in headless Chromium on the built search fixture: shortcuts, texts, states,
// keyboard, ARIA, limits and escaping (spec §2, §4, §5, §8, §9). When its code loads:
// modal-loading.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdModalCode, input, MODAL_CODE, modal, open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => stopEnv(env));

describe('opening and closing', () => {
  it('shows the button text and the Ctrl+K hint on this platform', async () => {
    const { context, page } = await open(env);
    await expect(page.locator('.DocSearch-Button').getAttribute('aria-label')).resolves.toBe('Search (Ctrl+K)');
    await expect(page.locator('.DocSearch-Button-Placeholder').textContent()).resolves.toBe('Search');
    // The keys show "Ctrl" and "K", drawn by CSS: the button's text is its label alone, which
    // its accessible name starts with (label in name).
    const keys = await page.locator('.DocSearch-Button-Key').evaluateAll((els) => els.map((el) => getComputedStyle(el, '::after').content));
    expect(keys).toEqual(['"Ctrl"', '"K"']);
    await expect(page.locator('.DocSearch-Button').textContent()).resolves.toBe('Search');
    await expect(page.getByRole('button', { name: 'Search (Ctrl+K)', exact: true }).count()).resolves.toBe(1);
    await context.close();
  });

  it('Ctrl+K opens and closes; focus goes back; the page does not scroll while open', async () => {
    const { context, page, problems } = await open(env);
    await page.locator('main a').first().focus();
    const focused = await page.evaluate(() => document.activeElement?.outerHTML);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('docsearch-input');
    await expect(page.evaluate(() => document.body.classList.contains('DocSearch--active') && getComputedStyle(document.body).overflow)).resolves.toBe('hidden');
    await page.keyboard.press('Control+k');
    await expect(modal(page).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.body.classList.contains('DocSearch--active'))).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.outerHTML)).resolves.toBe(focused);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('"/" opens it, but not while typing in a field; Escape closes it', async () => {
    const { context, page } = await open(env);
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<input id="other-field">'));
    await page.focus('#other-field');
    await page.keyboard.press('/');
    await expect(modal(page).count()).resolves.toBe(0);
    await expect(page.inputValue('#other-field')).resolves.toBe('/');
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await modal(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');
    await expect(modal(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('a letter typed on the focused button opens it with that letter as the query', async () => {
    const { context, page } = await open(env);
    await page.focus('.DocSearch-Button');
    await page.keyboard.press('l');
    await modal(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe('l');
    await context.close();
  });
});

describe('opening while the modal code loads', () => {
  // The modal's code loads on the first intent; a reader who presses the shortcut and types at
  // once must not lose the keys typed meanwhile (the chunk is held back until the test has typed).
  it('keeps what is typed while the modal is still loading, with the caret after it', async () => {
    const held = holdModalCode();
    const { context, page, problems } = await open(env, 'guides/locking', {}, held.init);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('lock a recx');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('ord');
    await expect(modal(page).count()).resolves.toBe(0); // still loading: the keys were held
    held.release();
    await modal(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe('lock a record');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('docsearch-input');
    // Not selected: the next key adds to the query instead of replacing it.
    await expect(input(page).evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).resolves.toEqual([13, 13]);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.DocSearch-Container')?.dataset.answered === 'lock a record');
    await expect(page.locator('.DocSearch-Hit').count()).resolves.toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a word typed fast on the focused button', async () => {
    const held = holdModalCode();
    const { context, page } = await open(env, 'guides/locking', {}, held.init);
    await page.focus('.DocSearch-Button');
    await page.keyboard.type('lock');
    held.release();
    await modal(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe('lock');
    await page.keyboard.type('ing');
    await expect(input(page).inputValue()).resolves.toBe('locking');
    await context.close();
  });

  it('Escape while the modal is loading cancels opening it; keys typed then stay out of page fields', async () => {
    const held = holdModalCode();
    const { context, page } = await open(env, 'guides/locking', {}, held.init);
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<input id="other-field">'));
    await page.focus('#other-field');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('ab');
    await page.keyboard.press('Escape');
    const loaded = page.waitForResponse(MODAL_CODE);
    held.release();
    const code = (await loaded).url();
    // The page's own import of the same module settles with the search's; two frames and an idle
    // period later, the cancelled opening has had its turn, render included (and would have
    // opened the modal). (A string: vitest would rewrite import() in a function.)
    await page.evaluate(
      `import(${JSON.stringify(code)})
        .then(() => new Promise((frames) => requestAnimationFrame(() => requestAnimationFrame(frames))))
        .then(() => new Promise((idle) => requestIdleCallback(idle)))`,
    );
    await expect(modal(page).count()).resolves.toBe(0);
    await expect(page.inputValue('#other-field')).resolves.toBe('');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('other-field');
    // Typing now goes where the reader is again.
    await page.keyboard.type('c');
    await expect(page.inputValue('#other-field')).resolves.toBe('c');
    await context.close();
  });
});

describe('opening by click and with a selection', () => {
  it('clicking the button opens it; clicking the backdrop closes it', async () => {
    const { context, page } = await open(env);
    await page.click('.DocSearch-Button');
    await modal(page).waitFor();
    await page.mouse.click(5, 5);
    await expect(modal(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('takes the initial query from the text selection, cut to 64 characters', async () => {
    const { context, page } = await open(env, 'guides/settings');
    const selected = await page.evaluate(() => {
      const paragraphs = [...document.querySelectorAll('.markdown-body p')];
      const range = document.createRange();
      range.setStartBefore(paragraphs[0]!);
      range.setEndAfter(paragraphs[1]!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      return getSelection()!.toString().replace(/\s+/g, ' ').trim();
    });
    expect(selected.length).toBeGreaterThan(64);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await expect(input(page).inputValue()).resolves.toBe(selected.slice(0, 64));
    // Selected, so typing replaces it.
    await expect(input(page).evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).resolves.toEqual([0, 64]);
    await context.close();
  });
});

describe('the search box', () => {
  it('has the placeholder, holds at most 64 characters, and clears with the clear button', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await expect(input(page).getAttribute('placeholder')).resolves.toBe('Search docs');
    await expect(input(page).getAttribute('maxlength')).resolves.toBe('64');
    await expect(page.locator('.DocSearch-Reset').isVisible()).resolves.toBe(false);
    await input(page).pressSequentially('x'.repeat(80));
    await expect(input(page).inputValue()).resolves.toHaveLength(64);
    await page.click('button[aria-label="Clear the query"]');
    await expect(input(page).inputValue()).resolves.toBe('');
    await expect(page.locator('.DocSearch-Help').textContent()).resolves.toBe('No recent searches');
    await context.close();
  });

  it('shows the footer key hints, and Cancel on small screens', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Footer').innerText()).resolves.toMatch(/↵\s*to select\s*↓\s*↑\s*to navigate\s*esc\s*to close/);
    await expect(page.locator('.DocSearch-Cancel').isVisible()).resolves.toBe(false);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.click('text=Cancel');
    await expect(modal(page).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('results', () => {
  it('groups hits by lvl0 with at most 5 per group, with the ARIA combobox pattern', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'widget setting');
    const groups = await page.locator('.DocSearch-Hit-source').allTextContents();
    expect(groups[0]).toBe('Guides');
    expect(await page.locator('#docsearch-hits0-list > li').count()).toBe(5);
    await expect(input(page).getAttribute('role')).resolves.toBe('combobox');
    await expect(input(page).getAttribute('aria-controls')).resolves.toContain('docsearch-hits0-list');
    await expect(input(page).getAttribute('aria-activedescendant')).resolves.toBe('docsearch-hits0-item-0');
    await expect(page.locator('#docsearch-hits0-list').getAttribute('role')).resolves.toBe('listbox');
    const first = page.locator('#docsearch-hits0-item-0');
    await expect(first.getAttribute('role')).resolves.toBe('option');
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    // The option is the hit's link itself: an option may hold nothing focusable (axe nested-interactive).
    await expect(first.evaluate((el) => el.tagName + ' ' + el.getAttribute('href'))).resolves.toMatch(/^A \/support\//);
    await expect(first.locator('a, button').count()).resolves.toBe(0);
    await expect(page.locator('.DocSearch-HitsFooter a').textContent()).resolves.toMatch(/^See all \d+ results$/);
    await expect(page.locator('.DocSearch-HitsFooter a').getAttribute('href')).resolves.toBe('/support/search?q=widget%20setting');
    await context.close();
  });

  it('shows each hit\'s title, breadcrumb and snippet with marks', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'permission');
    const hit = page.locator('.DocSearch-Hit', { hasText: 'Lock is missing' }).first();
    await expect(hit.locator('.DocSearch-Hit-title').textContent()).resolves.toBe('Lock is missing from the toolbar');
    await expect(hit.locator('.DocSearch-Hit-path').textContent()).resolves.toBe('Guides › Lock a record › Troubleshooting');
    await expect(hit.locator('.DocSearch-Hit-snippet mark').first().textContent()).resolves.toBe('permission');
    await context.close();
  });

  it('escapes hit text: only <mark> survives', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'big');
    const snippet = page.locator('.DocSearch-Hit-snippet', { hasText: 'big' }).first();
    await expect(snippet.textContent()).resolves.toContain('<b>big</b>');
    const tags = await page.$$eval('.DocSearch-Dropdown .DocSearch-Hit-content-wrapper *', (els) => [...new Set(els.map((e) => e.tagName))]);
    expect(tags.filter((t) => t !== 'SPAN' && t !== 'MARK')).toEqual([]);
    await context.close();
  });
});

describe('results: keys', () => {
  it('arrows move with wrap-around; Enter opens the hit and saves it as a recent search', async () => {
    const { context, page } = await open(env, 'reference/formulas');
    await page.keyboard.press('Control+k');
    await searchFor(page, 'export');
    const count = await page.locator('.DocSearch-Dropdown [role="option"]').count();
    await page.keyboard.press('ArrowUp');
    await expect(input(page).getAttribute('aria-activedescendant')).resolves.toMatch(new RegExp(`-item-${count - 1}$`));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = page.locator('[role="option"][aria-selected="true"]');
    await expect(second.getAttribute('id')).resolves.toMatch(/-item-1$/);
    const href = await second.getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname + url.hash === href);
    await expect(modal(page).count()).resolves.toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__widget-local') ?? '[]'));
    expect(stored).toHaveLength(1);
    expect(stored[0].url).toBe(href);
    expect(stored[0]).not.toHaveProperty('_highlightResult');
    expect(stored[0]).not.toHaveProperty('_snippetResult');
    await context.close();
  });

  it('Ctrl+Enter opens the hit in a new tab and keeps the modal open', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'roles');
    const popup = context.waitForEvent('page');
    await page.keyboard.press('Control+Enter');
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toContain('/support/admin/roles');
    await expect(modal(page).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('keeps Tab inside the modal', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'lock');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => !!document.activeElement?.closest('.DocSearch-Modal'))).resolves.toBe(true);
    }
    await context.close();
  });
});

describe('no results and errors', () => {
  it('says No results for "<query>", offers up to 3 suggestions and the Let us know link', async () => {
    const { context, page } = await open(env);
    await page.keyboard.press('Control+k');
    await searchFor(page, 'record');
    await searchFor(page, 'zzqqxx');
    await expect(page.locator('.DocSearch-NoResults .DocSearch-Title').textContent()).resolves.toBe('No results for "zzqqxx"');
    await expect(page.locator('.DocSearch-NoResults strong').textContent()).resolves.toBe('zzqqxx');
    await expect(page.locator('.DocSearch-NoResults').innerText()).resolves.toContain('Try searching for:');
    const suggestions = await page.locator('.DocSearch-Prefill').allTextContents();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    const link = page.locator('a', { hasText: 'Let us know.' });
    await expect(page.locator('.DocSearch-NoResults').innerText()).resolves.toContain('Believe this query should return results?');
    await expect(link.getAttribute('href')).resolves.toBe('https://widget.test/feedback?q=zzqqxx');
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await page.locator('.DocSearch-Prefill').first().click();
    await expect(input(page).inputValue()).resolves.toBe(suggestions[0]!.toLowerCase() + ' ');
    await context.close();
  });

  it('one Escape closes it from anywhere in it: the box, "See all N results", the Clear button', async () => {
    const { context, page } = await open(env);
    const escapeFrom = async (focus: (p: typeof page) => Promise<void>) => {
      await page.keyboard.press('Control+k');
      await searchFor(page, 'lock');
      await page.locator('.DocSearch-Hit').first().waitFor();
      await focus(page);
      await page.keyboard.press('Escape');
      expect(await modal(page).count()).toBe(0);
    };
    // The panel closed by a submit with nothing to open: Escape still closes, it does not clear.
    await page.keyboard.press('Control+k');
    await searchFor(page, 'zzqqxx');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await modal(page).count()).toBe(0);
    await escapeFrom((p) => p.getByRole('link', { name: /^See all \d+ results$/ }).focus());
    await escapeFrom((p) => p.getByRole('button', { name: 'Clear the query' }).focus());
    // Tab from the box closes the panel, as a blur does; Escape then closes the modal too.
    await escapeFrom((p) => p.keyboard.press('Tab'));
    await context.close();
  });

  it('shows the error screen when the index cannot be fetched', async () => {
    const { context, page } = await open(env, 'guides/locking', {}, (p) => p.route('**/assets/search/index*.json', (route) => route.abort()));
    await page.keyboard.press('Control+k');
    await searchFor(page, 'lock');
    await expect(page.locator('.DocSearch-ErrorScreen .DocSearch-Title').textContent()).resolves.toBe('Unable to fetch results');
    await expect(page.locator('.DocSearch-ErrorScreen .DocSearch-Help').textContent()).resolves.toBe('You might want to check your network connection.');
    await expect(page.locator('.DocSearch-Container--Errored').count()).resolves.toBe(1);
    await context.close();
  });

  it('goes loading → stalled (spinner) → idle while the answer is slow', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const { context, page } = await open(env, 'guides/locking', {}, (p) =>
      p.route('**/assets/search/index*.json', async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.keyboard.press('Control+k');
    await input(page).fill('lock');
    await expect(page.locator('.DocSearch-Container').getAttribute('data-status')).resolves.toMatch(/loading|stalled/);
    await page.locator('.DocSearch-Container--Stalled').waitFor();
    await expect(page.locator('.DocSearch-LoadingIndicator').isVisible()).resolves.toBe(true);
    release();
    await searchFor(page, 'lock');
    await expect(page.locator('.DocSearch-Container--Stalled').count()).resolves.toBe(0);
    await expect(page.locator('.DocSearch-Hit').count()).resolves.toBeGreaterThan(0);
    await context.close();
  });
});
