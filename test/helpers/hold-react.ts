// Holds back every script of the site's own that contains React, until the test releases them:
// the page then runs only its plain-DOM code, as a reader's does on a slow network before React
// has arrived. A gate, not a delay, so the test decides what happens before React comes.
import type { Page } from 'playwright-core';

/** In React's production build (its error messages point there), in no code of ours. */
export const REACT_CODE = /react\.dev\/errors/;

export function holdReact(page: Page): Promise<{ release: () => void; held: () => number }> {
  return holdScripts(page, REACT_CODE);
}

/** Holds back every script of the site's own whose code matches `code` (a feature's chunk, say), until released. */
export async function holdScripts(page: Page, code: RegExp): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.includes('/assets/js/'),
    async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.body();
        if (code.test(body.toString())) {
          held++;
          await gate;
        }
        await route.fulfill({ response, body });
      } catch {
        // The test closed the page while the script was held.
      }
    },
  );
  return { release, held: () => held };
}
