// @vitest-environment jsdom
// Which link clicks client navigation takes (it fetches the page and swaps it in) and which it
// leaves to the browser: modified clicks, other tabs, downloads, files, other sites, other
// builds, pages outside the base URL, and a #section of the page on screen.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initRouter } from './router.ts';

const BASE = '/support/';

/** A page of the site, as the server sends it. */
const pageHtml = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><header class="site-header"></header><div id="__page"><main><h1>${title}</h1></main></div></body></html>`;

const fetchPage = vi.fn(async (path: string) => new Response(pageHtml(`Page at ${path}`), { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }));
const afterSwap = vi.fn();
const navigated = () => new Promise<void>((resolve) => window.addEventListener('helpgen:navigated', () => resolve(), { once: true }));

beforeAll(() => {
  vi.stubGlobal('fetch', fetchPage);
  // What jsdom lacks: CSS.escape (finding a #hash target by name) and scrolling.
  vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/["\\]/g, '\\$&') });
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  history.replaceState(null, '', `${BASE}guides/start`);
  document.documentElement.innerHTML = pageHtml('Start');
  initRouter({ baseUrl: BASE, beforeSwap: () => {}, afterSwap, focusContent: () => {} });
});

afterEach(() => {
  fetchPage.mockClear();
  afterSwap.mockClear();
});

/** Clicks a link with these attributes (in the page's content); returns the click event. */
function click(attributes: Record<string, string>, init: MouseEventInit = {}): MouseEvent {
  const link = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.append(document.createElement('span'));
  document.querySelector('main')!.append(link);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  // The click lands on the link's content, as a reader's does.
  link.firstElementChild!.dispatchEvent(event);
  link.remove();
  return event;
}

describe('the router', () => {
  it('takes a click on a page link: fetches the page, swaps it in and records it in history', async () => {
    const done = navigated();
    const event = click({ href: `${BASE}guides/locking` });
    expect(event.defaultPrevented).toBe(true);
    await done;
    expect(fetchPage).toHaveBeenCalledWith(`${BASE}guides/locking`, expect.anything());
    expect(location.pathname).toBe(`${BASE}guides/locking`);
    expect(document.title).toBe(`Page at ${BASE}guides/locking`);
    expect(document.querySelector('#__page h1')?.textContent).toBe(`Page at ${BASE}guides/locking`);
    expect(afterSwap).toHaveBeenCalledOnce();
  });

  it('takes a relative link and an .html link, cleaning the address', async () => {
    const done = navigated();
    expect(click({ href: 'sharing.html?tab=2' }).defaultPrevented).toBe(true);
    await done;
    expect(fetchPage).toHaveBeenCalledWith(`${BASE}guides/sharing?tab=2`, expect.anything());
    expect(location.pathname + location.search).toBe(`${BASE}guides/sharing?tab=2`);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('leaves a click with %s to the browser', (_, init) => {
    expect(click({ href: `${BASE}guides/locking` }, init).defaultPrevented).toBe(false);
  });

  it.each([
    ['opens another tab', { target: '_blank' }],
    ['is a download', { download: '' }],
    ['is marked data-no-spa', { 'data-no-spa': '' }],
    ['switches locale (another build)', { 'data-locale-prefix': '/fr' }],
  ])('leaves a link that %s to the browser', (_, attributes) => {
    expect(click({ href: `${BASE}guides/locking`, ...attributes }).defaultPrevented).toBe(false);
  });

  it.each([
    ['another site', 'https://example.com/support/guides/locking'],
    ['a page outside the base URL', '/blog/news'],
    ['a file', `${BASE}files/manual.pdf`],
    ['a built asset', `${BASE}assets/search/index`],
    ['mail', 'mailto:support@ordo.app'],
    ['a #section of the page on screen', '#details'],
  ])('leaves a link to %s to the browser', (_, href) => {
    expect(click({ href }).defaultPrevented).toBe(false);
  });

  it('leaves a #section link that names the page on screen to the browser, and takes one to another page', async () => {
    expect(click({ href: `${location.pathname}${location.search}#details` }).defaultPrevented).toBe(false);
    const done = navigated();
    expect(click({ href: `${BASE}admin/roles#owner` }).defaultPrevented).toBe(true);
    await done;
    expect(location.pathname + location.hash).toBe(`${BASE}admin/roles#owner`);
  });

  it('leaves a click another handler already took', () => {
    const link = `${BASE}guides/locking`;
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop, { capture: true });
    try {
      expect(click({ href: link }).defaultPrevented).toBe(true);
      expect(fetchPage).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('click', stop, { capture: true });
    }
  });
});
