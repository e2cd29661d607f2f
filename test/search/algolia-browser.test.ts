// The modal with the Algolia provider in Chromium: the site is built with `search.provider:
// 'algolia'` and custom hosts pointing at a local stand-in server, so the browser build of
// algoliasearch sends its real request. Also: the error screen when no host answers, and the
// insights script, which loads from the CDN only when insights is on (the CDN is stubbed).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { input, modal, open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';
import { searchSite } from './helpers.ts';

const HIT = {
  objectID: 'https://widget.test/support/guides/locking#unlock-a-record',
  url: 'https://widget.test/support/guides/locking#unlock-a-record',
  type: 'lvl2',
  content: null,
  hierarchy: { lvl0: 'Guides', lvl1: 'Lock a record', lvl2: 'Unlock a record <script>', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  _highlightResult: { hierarchy: { lvl0: { value: 'Guides', matchLevel: 'none', matchedWords: [] }, lvl2: { value: '<mark>Unlock</mark> a record <script>', matchLevel: 'partial', matchedWords: ['unlock'] } } },
  _snippetResult: { hierarchy: { lvl2: { value: '<mark>Unlock</mark> a record <script>', matchLevel: 'partial' } } },
};

interface Seen {
  path: string;
  params: URLSearchParams;
  body: { requests: Record<string, unknown>[] };
}

let server: Server;
let port: number;
const seen: Seen[] = [];
const dirs: string[] = [];

/** A copy of the search fixture whose config uses Algolia with the given hosts. */
function algoliaSite(options: { port: number; insights: boolean }): string {
  const dir = mkdtempSync(join(tmpdir(), 'helpgen-algolia-site-'));
  dirs.push(dir);
  cpSync(searchSite, dir, { recursive: true, filter: (src) => !src.includes('/dist') });
  const configPath = join(dir, 'help.config.ts');
  const algolia = `{ appId: 'TESTAPP', apiKey: 'search-key', indexName: 'widget', insights: ${options.insights}, hosts: [{ url: '127.0.0.1', port: ${options.port}, protocol: 'http', accept: 'readWrite' }] }`;
  const config = readFileSync(configPath, 'utf8').replace(/search: \{[^\n]*\},/, `search: { provider: 'algolia', maxResultsPerGroup: 5, missingResultsUrl: 'https://widget.test/feedback', algolia: ${algolia} },`);
  writeFileSync(configPath, config);
  return dir;
}

let live: Env;
let insights: Env;
let dead: Env;

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({ path: decodeURIComponent(url.pathname), params: url.searchParams, body: JSON.parse(data || '{}') });
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ results: [{ hits: [HIT], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, queryID: 'abc', query: 'unlock', params: '' }] }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  // A port nothing listens on: every host fails.
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const deadPort = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  [live, insights, dead] = await Promise.all([
    startEnv(algoliaSite({ port, insights: false })),
    startEnv(algoliaSite({ port, insights: true })),
    startEnv(algoliaSite({ port: deadPort, insights: false })),
  ]);
});

afterAll(async () => {
  await Promise.all([stopEnv(live), stopEnv(insights), stopEnv(dead)]);
  await new Promise((done) => server.close(done));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('Algolia provider in the browser', () => {
  it('sends the spec request from the browser client and shows the hits, escaped', async () => {
    seen.length = 0;
    const cdn: string[] = [];
    const { context, page } = await open(live, 'guides/locking', {}, (p) => p.route('https://cdn.jsdelivr.net/**', (route) => {
      cdn.push(route.request().url());
      return route.fulfill({ body: '' });
    }));
    await page.keyboard.press('Control+k');
    await searchFor(page, 'unlock');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/1/indexes/*/queries');
    expect(seen[0]!.params.get('x-algolia-application-id')).toBe('TESTAPP');
    expect(seen[0]!.params.get('x-algolia-api-key')).toBe('search-key');
    expect(seen[0]!.params.get('x-algolia-agent')).toMatch(/Browser/);
    expect(seen[0]!.body.requests).toHaveLength(1);
    expect(seen[0]!.body.requests[0]).toEqual({
      query: 'unlock',
      indexName: 'widget',
      attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
      attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10'],
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: 20,
      clickAnalytics: false,
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
    const title = page.locator('#docsearch-hits0-item-0 .DocSearch-Hit-title');
    await expect(title.textContent()).resolves.toBe('Unlock a record <script>');
    await expect(title.locator('mark').textContent()).resolves.toBe('Unlock');
    await expect(page.locator('#docsearch-hits0-item-0').getAttribute('href')).resolves.toBe('/support/guides/locking#unlock-a-record');
    await expect(page.locator('.DocSearch-Footer').textContent()).resolves.toContain('Search by');
    expect(cdn).toEqual([]); // insights off: no analytics script
    await context.close();
  });

  it('snippets 5 words on a 375 px screen', async () => {
    seen.length = 0;
    const { context, page } = await open(live, 'guides/locking', { viewport: { width: 375, height: 740 } });
    await page.click('.DocSearch-Button');
    await modal(page).waitFor();
    await searchFor(page, 'lock');
    expect(seen[0]!.body.requests[0]!.attributesToSnippet).toEqual(['hierarchy.lvl1:5', 'hierarchy.lvl2:5', 'hierarchy.lvl3:5', 'hierarchy.lvl4:5', 'hierarchy.lvl5:5', 'hierarchy.lvl6:5', 'content:5']);
    await context.close();
  });

  it('loads the insights script from the CDN when insights is on, and asks for click analytics', async () => {
    seen.length = 0;
    const cdn: string[] = [];
    const { context, page } = await open(insights, 'guides/locking', {}, (p) => p.route('https://cdn.jsdelivr.net/**', (route) => {
      cdn.push(route.request().url());
      return route.fulfill({ body: '', contentType: 'text/javascript' });
    }));
    expect(cdn).toEqual([]); // not with the page
    await page.keyboard.press('Control+k');
    await searchFor(page, 'unlock');
    expect(cdn.some((u) => u.includes('search-insights'))).toBe(true);
    expect(seen[0]!.body.requests[0]!.clickAnalytics).toBe(true);
    await context.close();
  });

  it('serves the search page too, asking for a page of results and the section counts', async () => {
    seen.length = 0;
    const { context, page } = await open(live, 'search?q=unlock');
    await page.locator('.search-page__hit').first().waitFor();
    // The row's own title (the heading it hit) over its breadcrumb, as in the modal.
    await expect(page.locator('.search-page__title').first().textContent()).resolves.toBe('Unlock a record <script>');
    await expect(page.locator('.search-page__path').first().textContent()).resolves.toMatch(/ › Lock a record$/);
    await expect(page.locator('.search-page__count').textContent()).resolves.toBe('1 result');
    const request = seen.at(-1)!.body.requests[0]!;
    expect(request).toMatchObject({ query: 'unlock', indexName: 'widget', hitsPerPage: 20, facets: ['hierarchy.lvl0'] });
    await context.close();
  });

  it('shows the error screen when every host is unreachable', async () => {
    const { context, page } = await open(dead);
    await page.keyboard.press('Control+k');
    await input(page).fill('unlock');
    await page.locator('.DocSearch-ErrorScreen').waitFor();
    await expect(page.locator('.DocSearch-ErrorScreen .DocSearch-Title').textContent()).resolves.toBe('Unable to fetch results');
    await expect(page.locator('.DocSearch-ErrorScreen .DocSearch-Help').textContent()).resolves.toBe('You might want to check your network connection.');
    await expect(page.locator('.DocSearch-Container').getAttribute('data-status')).resolves.toBe('error');
    await context.close();
  });
});
