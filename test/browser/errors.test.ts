// Failures the reader can recover from: a rendering error shows the crash screen ("This page
// crashed.", "Try again", the error and its causes); a lazily loaded part that fails to load
// shows an error box with "Retry".
import { expect, it } from 'vitest';
import { useShellSite } from './support.ts';

const shell = useShellSite();

it('shows the crash screen with the causes, and "Try again" renders the page again', async () => {
  const { context, page, problems } = await shell.open();
  // Inject a failure: the colour toggle island receives unreadable props.
  await page.route(
    (url) => url.pathname === '/support/guides/long',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/data-props="\{&quot;defaultMode&quot;:&quot;light&quot;\}"/, 'data-props="{broken"');
      await route.fulfill({ response, body });
    },
  );
  await page.goto(shell.site.url('guides/long'));
  const heading = page.getByRole('heading', { name: 'This page crashed.' });
  await expect.poll(() => heading.isVisible()).toBe(true);
  const details = await page.locator('.crash-screen__details').textContent();
  expect(details).toMatch(/^The "ColorModeToggle" part of this page has unreadable settings\.\n\nCause:\n.*JSON/s);
  expect(await page.locator('#__page .doc-layout').isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('This page crashed.');
  // React reports the caught error on the console; nothing else went wrong.
  expect(problems.every((p) => p.includes('unreadable settings') || p.includes('JSON'))).toBe(true);

  // Fix the cause, then try again: the page is back with a working toggle.
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-island="ColorModeToggle"]')!.setAttribute('data-props', '{"defaultMode":"light"}'));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => heading.count()).toBe(0);
  expect(await page.locator('#__page .doc-layout').isVisible()).toBe(true);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await context.close();
});

it('shows the crash screen again when trying again fails again', async () => {
  const { context, page } = await shell.open();
  await page.route(
    (url) => url.pathname === '/support/guides/short',
    async (route) => {
      try {
        const response = await route.fetch();
        const body = (await response.text()).replace(/data-props="\{&quot;defaultMode&quot;:&quot;light&quot;\}"/, 'data-props="nope"');
        await route.fulfill({ response, body });
      } catch {
        // A prefetch still in flight when the test closes the page: nothing to answer.
      }
    },
  );
  await page.goto(shell.site.url('guides/short'));
  await expect.poll(() => page.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(1);
  await context.close();
});

it('leaves the crash screen when the reader navigates to another page', async () => {
  const { context, page } = await shell.open();
  await page.route(
    (url) => url.pathname === '/support/guides/long',
    async (route) => {
      try {
        const response = await route.fetch();
        const body = (await response.text()).replace(/data-props="\{&quot;defaultMode&quot;:&quot;light&quot;\}"/, 'data-props="nope"');
        await route.fulfill({ response, body });
      } catch {
        // A prefetch still in flight when the test closes the page: nothing to answer.
      }
    },
  );
  await page.goto(shell.site.url('guides/long'));
  await expect.poll(() => page.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true);
  // The failure was transient: by the time the reader moves on, the island can render again.
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-island="ColorModeToggle"]')!.setAttribute('data-props', '{"defaultMode":"light"}'));
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('helpgen:navigate', { detail: '/support/guides/short' })));
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Short guide');
  expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(0);
  expect(await page.locator('.doc-sidebar').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: /Switch between dark and light mode/ }).count()).toBe(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});
