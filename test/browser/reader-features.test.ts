// Reader features in a real browser: "Was this page helpful?", the markdown twins with
// llms.txt and "Copy page", images (zoom, light/dark variants, no layout shift), printing, and
// axe on the tab, image and diagram pages, with and without the search modal open.
import { expect, it, describe } from 'vitest';
import { useShellSite, seriousViolations } from './support.ts';
import { HANG_MS } from '../helpers/patience.ts';
import { requestsSettled } from '../helpers/browser.ts';

const shell = useShellSite('reader-site');

describe('was this page helpful', () => {
  it('sends Yes and a reason to analytics and the feedback endpoint, then asks no more on that page', async () => {
    const { context, page, analytics, problems } = await shell.open();
    const feedback: Record<string, unknown>[] = [];
    await context.route('**/support/__feedback', async (route) => {
      feedback.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.fulfill({ status: 204 });
    });
    await page.goto(shell.site.url('guides/plain'), { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Was this page helpful?' });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Yes' }).click();
    // Focus goes to the optional reason; Send is never required.
    const reason = section.getByRole('textbox', { name: 'What helped you most? (optional)' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill('The steps were clear.');
    await section.getByRole('button', { name: 'Send' }).click();
    expect(await section.getByRole('status').textContent()).toBe('Thanks, your note was sent.');
    const events = () => analytics.filter((e) => (e as unknown as { event?: string }).event === 'feedback');
    await expect.poll(() => events().length).toBe(2);
    expect(events()).toEqual([
      { event: 'feedback', path: '/support/guides/plain', title: 'A plain page | Reader Test', helpful: true },
      { event: 'feedback', path: '/support/guides/plain', title: 'A plain page | Reader Test', helpful: true, reason: 'The steps were clear.' },
    ]);
    await expect.poll(() => feedback.length).toBe(2);
    expect(feedback[1]).toEqual(events()[1]);

    // Asked once per page: the answered page thanks, another page asks.
    await page.reload({ waitUntil: 'networkidle' });
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.getByRole('status').textContent()).toBe('Thanks for your feedback on this page.');
    expect(await section.getByRole('button', { name: 'Yes' }).count()).toBe(0);
    await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'networkidle' });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => section.getByRole('textbox', { name: 'What was missing or unclear? (optional)' }).isVisible()).toBe(true);
    expect(problems.filter((p) => !p.includes('__'))).toEqual([]);
    await context.close();
  });

  it('never blocks the page when the endpoints fail, and is hidden without JavaScript', async () => {
    const { context, page } = await shell.open();
    await context.route('**/support/__feedback', (route) => route.abort());
    await context.route('**/support/__analytics', (route) => route.abort());
    await page.goto(shell.site.url('guides/plain'), { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Was this page helpful?' });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'No' }).click();
    await section.getByRole('button', { name: 'Send' }).click();
    expect(await section.getByRole('status').textContent()).toBe('Thanks for your answer.');
    await context.close();
    const noJs = await shell.open({ javaScriptEnabled: false });
    await noJs.page.goto(shell.site.url('guides/plain'));
    expect(await noJs.page.locator('.feedback').isVisible()).toBe(false);
    await noJs.context.close();
  });
});

describe('markdown for AI assistants', () => {
  it('serves llms.txt, llms-full.txt and a markdown twin of every page, linked from the page', async () => {
    const { context, page } = await shell.open();
    const text = async (path: string) => {
      const response = await page.request.get(shell.site.url(path));
      expect(response.status(), path).toBe(200);
      return { type: response.headers()['content-type'], body: await response.text() };
    };
    const llms = await text('llms.txt');
    expect(llms.body).toMatch(/^# Reader Test\n\n> Testing what readers see\n/);
    expect(llms.body).toContain('## Start here\n\n- [Welcome to Readly](https://reader.test/support/index.md): Start here.');
    expect(llms.body).toContain('## Guides\n\n- [Diagrams on a page](https://reader.test/support/guides/diagrams.md): A mermaid flowchart and a diagram with a mistake.');
    const twin = await text('guides/images.md');
    expect(twin.type).toBe('text/markdown; charset=utf-8');
    expect(twin.body).toMatch(/^# Images on a page\n\n> A screenshot with light and dark variants, and a plain image.\n\nSource: https:\/\/reader.test\/support\/guides\/images\n/);
    expect(twin.body).toMatch(/!\[A warehouse shelf\]\(https:\/\/reader\.test\/support\/assets\/files\/photo\.[0-9a-f]+\.png\)/);
    expect(twin.body).toContain('[the tabs guide](https://reader.test/support/guides/tabs#sign-in)');
    expect(twin.body).not.toContain('description:');
    expect((await text('guides/tabs.md')).body).toContain('Open the **App Store** and search for Readly.');
    expect((await text('index.md')).body).toContain('# Welcome to Readly');
    const full = await text('llms-full.txt');
    expect(full.body.indexOf('# Welcome to Readly')).toBe(0);
    expect(full.body).toContain('\n\n---\n\n# Diagrams on a page');
    await page.goto(shell.site.url('guides/images'));
    expect(await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe('/support/guides/images.md');
    await context.close();
  });

  it('copies the page as markdown with "Copy page"', async () => {
    const { context, page } = await shell.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(shell.site.url('guides/images'), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    // The label says so for two seconds ("Copied as Markdown"), then goes back.
    await page.getByRole('button', { name: 'Copied as Markdown' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# Images on a page\n/);
    expect(copied).toContain('Source: https://reader.test/support/guides/images');
    await context.close();
  });
});

describe('images', () => {
  it('shows the variant of the colour mode, sized before it loads', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await shell.open();
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      await page.goto(shell.site.url('guides/images'), { waitUntil: 'networkidle' });
      const shown = await page.locator('.markdown-body img').evaluateAll((images) => images.filter((img) => (img as HTMLElement).offsetParent !== null).map((img) => (img as HTMLImageElement).src.split('/').pop()!.split('.')[0]));
      expect(shown).toEqual([`screen-${theme}`, 'photo']);
      // Width and height come from the file, so the box is reserved before the image arrives.
      expect(await page.locator('.markdown-body img').first().evaluate((img) => [img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')])).toEqual(['1600', '900', 'lazy']);
      await context.close();
    }
  });

  it('zooms an image with the mouse or the keyboard and closes with Escape, a click or the button', async () => {
    const { context, page } = await shell.open();
    const zoomCode: string[] = [];
    page.on('request', (request) => {
      if (/\/zoom\.[A-Z0-9]+\.js$/.test(request.url())) zoomCode.push(request.url());
    });
    await page.goto(shell.site.url('guides/images'), { waitUntil: 'networkidle' });
    // A page read, not clicked, loads no zoom code; its images are buttons all the same.
    await requestsSettled(page);
    expect(zoomCode).toEqual([]);
    const photo = page.getByRole('button', { name: 'Enlarge image: A warehouse shelf' });
    await photo.click();
    const dialog = page.getByRole('dialog', { name: 'Enlarged image' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('img').getAttribute('alt')).toBe('A warehouse shelf');
    const size = await dialog.locator('img').evaluate((img) => img.getBoundingClientRect().width);
    expect(size).toBeGreaterThan(1000);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('alt'))).toBe('A warehouse shelf');
    // Keyboard: Enter opens, the close button closes.
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close the enlarged image' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

it('prints only the article, with link addresses, wrapped code and every tab', async () => {
  const { context, page } = await shell.open();
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(shell.site.url('guides/images'), { waitUntil: 'networkidle' });
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.markdown-body a[href^="/"]').first().evaluate((a) => getComputedStyle(a, '::after').content)).toBe('" (/support/guides/tabs#sign-in)"');
  expect(await page.locator('.img--light-only').isVisible()).toBe(true);
  await page.emulateMedia({ media: 'screen' });
  await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'networkidle' });
  await page.emulateMedia({ media: 'print' });
  const hidden = await page.evaluate(() => ['.site-header', '.doc-sidebar', '.doc-toc', '.footer', '.pagination-nav', '.feedback', '.copy-page', '.tabs__list'].filter((s) => document.querySelector(s) && getComputedStyle(document.querySelector(s)!).display !== 'none'));
  expect(hidden).toEqual([]);
  expect(await page.getByText('Open Google Play').isVisible()).toBe(true);
  expect(await page.locator('.code-block pre').first().evaluate((pre) => getComputedStyle(pre).whiteSpace)).toBe('pre-wrap');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await context.close();
});

it.each([
  [1280, 'light'],
  [1280, 'dark'],
  [375, 'light'],
  [375, 'dark'],
] as const)('has no serious axe violations with the search modal open over the reader pages at %i px, %s', async (width, theme) => {
  const { context, page } = await shell.open({ viewport: { width, height: 800 }, colorScheme: theme });
  for (const path of ['guides/tabs', 'guides/images', 'guides/diagrams']) {
    await page.goto(shell.site.url(path), { waitUntil: 'networkidle' });
    // Checked as readers see them: tabs working, diagrams drawn.
    if (path.endsWith('tabs')) {
      await page.locator('.tabs__list').first().hover();
      await page.locator('.tabs[data-ready]').first().waitFor();
    }
    if (path.endsWith('diagrams')) await expect.poll(() => page.locator('figure.diagram[data-state]').count(), { timeout: HANG_MS }).toBe(3);
    expect(await seriousViolations(page), path).toEqual([]);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').waitFor();
    await page.locator('#docsearch-input').fill('tab');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await seriousViolations(page), `${path} with the modal open`).toEqual([]);
  }
  await context.close();
});
