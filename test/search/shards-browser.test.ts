// In headless Chromium, on a generated site whose whole index (entry and every term shard) is
// over 1 MB: the first query fetches the entry file, then only the term shards its words
// reach and the files of the pages of the hits on its first screen, each once; the other
// hits' pages come when the end of the list scrolls into view. The list is compared with
// what the engine in Node fetches for the same query from the same files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/corpus.ts';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import { firstScreenRows } from '../../client/search/use-search.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { type EntryFile, wordsPath } from '../../shared/search/index-format.ts';
import { buildOnce } from '../helpers/site.ts';
import { fileText, indexFileReader } from './helpers.ts';
import { input, modal, open, startEnv, stopEnv, type Env } from './browser.ts';
import { LONG_MS } from '../helpers/patience.ts';

const QUERY = 'locking';
/** Few generated pages, yet an index over 1 MB (about 1 KB of entry and shards a page, raw, with packed postings). */
const PAGES = 1_100;

let siteDir: string;
let env: Env;
let result: BuildResult;
let probe: string;
const SEARCH_DIR = 'support/assets/search/';

beforeAll(async () => {
  siteDir = mkdtempSync(join(tmpdir(), 'helpgen-shards-'));
  const corpus = generateCorpus({ pages: PAGES, seed: 7 });
  writeCorpus(siteDir, corpus);
  probe = corpus.probe.route;
  result = await buildOnce(siteDir); // a generated corpus: LONG_MS (patience.ts)
  env = await startEnv(siteDir);
}, LONG_MS);
afterAll(async () => {
  await stopEnv(env);
  rmSync(siteDir, { recursive: true, force: true });
});

const bytesOf = (path: string) => Buffer.byteLength(fileText(result, path));

describe('the first query on a large site', () => {
  it('fetches the entry, the shards its words reach and the pages of the hits shown, each once', async () => {
    const entryPath = `${SEARCH_DIR}index.json`;
    const entry = JSON.parse(fileText(result, entryPath)) as EntryFile;
    const shardPaths = result.files.map((f) => f.path).filter((p) => p.startsWith(`${SEARCH_DIR}terms/`));
    const wholeIndex = bytesOf(entryPath) + shardPaths.reduce((n, p) => n + bytesOf(p), 0);
    expect(wholeIndex).toBeGreaterThan(1024 * 1024);

    const { context, page } = await open(env, probe.replace(/^\/support\//, ''));
    // What the engine fetches for this query, in Node, from the same files, asked as the modal
    // asks: five hits a group, the rows of its first screen first.
    const firstRows = firstScreenRows(await page.evaluate(() => window.innerHeight));
    const expected: string[] = [];
    const read = indexFileReader(result, entryPath);
    const answer = await new LocalSearchEngine(entry, async (path) => {
      expected.push(path);
      return read(path);
    }).search({ query: QUERY, hitsPerPage: 20, perGroup: 5, firstRows, snippetWords: 10 });
    expect(answer.hits.length).toBe(firstRows);
    const whole = await answer.rest!();
    expect(whole.hits.length).toBeGreaterThan(firstRows);

    const requested: string[] = [];
    page.on('request', (r) => {
      const path = decodeURIComponent(new URL(r.url()).pathname);
      if (path.includes('/assets/search/') && !/\/records\./.test(path)) requested.push(path.slice(`/${SEARCH_DIR}`.length));
    });
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await input(page).fill(QUERY);
    await page.waitForFunction((q) => {
      const container = document.querySelector<HTMLElement>('.DocSearch-Container');
      return container?.dataset.status === 'idle' && container.dataset.answered === q;
    }, QUERY);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.DocSearch-Hit').count()).resolves.toBe(firstRows);
    const firstScreen = [...requested];
    // The end of the list scrolled into view: the other hits' pages, and their rows.
    await page.locator('.DocSearch-Dropdown').evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await expect.poll(() => page.locator('.DocSearch-Hit').count()).toBe(whole.hits.length);
    await page.waitForLoadState('networkidle');
    await context.close();
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested.slice(1).sort()).toEqual([...expected].sort());
    const requestedFirst = firstScreen;

    expect(requestedFirst[0]).toBe('index.json');
    const shards = requestedFirst.filter((p) => p.startsWith('terms/'));
    const pages = requestedFirst.filter((p) => p.startsWith('pages/'));
    expect(pages.length).toBe(new Set(answer.hits.map((hit) => hit.url.split('#')[0])).size);
    // The page files' word dictionary, with the first screen's page files, once.
    expect(requestedFirst.filter((p) => p.startsWith('words/'))).toEqual([wordsPath(entry.wordsHash)]);
    expect(shards.length).toBeGreaterThan(0);
    // A small part of the index: the entry and the shards fetched, against all of it.
    const fetched = bytesOf(entryPath) + shards.reduce((n, p) => n + bytesOf(SEARCH_DIR + p), 0);
    console.log(`first query "${QUERY}" at ${PAGES} pages: ${shards.length} of ${shardPaths.length} shards, ${(fetched / 1024).toFixed(0)} KB of a ${(wholeIndex / 1024).toFixed(0)} KB index (raw), ${pages.length} page files for ${answer.hits.length} hits`);
    expect(fetched).toBeLessThan(wholeIndex / 10);
  });
});
