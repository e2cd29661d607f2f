// The "done when", on our real content with no network: on any page, Ctrl+K, a
// question in the reader's own words with a typo, Enter, and the reader lands on the right
// section. SEARCH_RANKING_SITE may point at another copy of the site.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.ts';
import { input, modal, open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';
import { LONG_MS } from '../helpers/patience.ts';

let env: Env;
beforeAll(async () => {
  env = await startEnv(process.env.SEARCH_RANKING_SITE ?? repoRoot); // builds our whole site: LONG_MS (patience.ts)
}, LONG_MS);
afterAll(() => stopEnv(env));

it.each([
  ['user-docs/records/editing', 'how do i unlok a record', '/support/user-docs/records/locking#unlock-a-record'],
  ['admin-docs/ordo-roles', 'restore an old verison of a record', '/support/user-docs/records/versions'],
])('from %s, "%s" lands on %s', async (from, query, target) => {
  const { context, page } = await open(env, from, {}, (p) => p.route((url) => !url.hostname.startsWith('127.0.0.1'), (route) => route.abort()));
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
  await searchFor(page, query);
  await expect(input(page).getAttribute('aria-activedescendant')).resolves.toBe('docsearch-hits0-item-0');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => (url.pathname + url.hash).startsWith(target));
  await context.close();
});
