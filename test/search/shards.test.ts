// The sharded index (shared/search/index-format.ts) answers as the whole index does: an
// engine that starts with only the entry file and fetches what each query needs gives the
// same hits, in the same order with the same snippets, as one given every file up front, for
// the benchmark's 100 queries and every prefix of them a reader types on the way. And it
// fetches each file once, only the shards the query's words reach and the pages of the hits shown.
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERIES } from '../../bench/queries.ts';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { groupHits } from '../../client/search/hits.ts';
import { type EntryFile, wordsPath } from '../../shared/search/index-format.ts';
import { buildOnce, repoRoot } from '../helpers/site.ts';
import { engineFor, indexFileReader } from './helpers.ts';
import { LONG_MS } from '../helpers/patience.ts';

let result: BuildResult;
let whole: LocalSearchEngine;
let entry: EntryFile;
let read: (path: string) => unknown;

beforeAll(async () => {
  result = await buildOnce(repoRoot); // our whole site: LONG_MS (patience.ts)
  let indexBytes: string;
  ({ engine: whole, indexBytes } = engineFor(result));
  entry = JSON.parse(indexBytes) as EntryFile;
  read = indexFileReader(result, result.files.find((f) => f.path.endsWith('/assets/search/index.json'))!.path);
}, LONG_MS);

/** An engine with only the entry, and the paths it fetches. */
function lazyEngine(): { engine: LocalSearchEngine; fetched: string[] } {
  const fetched: string[] = [];
  const engine = new LocalSearchEngine(entry, async (path) => {
    fetched.push(path);
    return read(path);
  });
  return { engine, fetched };
}

const request = (query: string) => ({ query, hitsPerPage: 20, snippetWords: 10 });
/** Every query and the prefixes typed on the way to it ("lo", "loc", "lock"). */
const typed = [...new Set(QUERIES.flatMap((q) => Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2))))];
/** Queries whose words match only joined or split (compounds.ts): their second lookups need shards the first ones name. */
const COMPOUNDS = ['rich text', 'rich text cell', 'auditlog', 'audit trail log', 'set up', 'back up a record', 'isemail', 'is email', 'lookup', 'look up'];

describe('the sharded index', () => {
  it('answers each query from its own shards exactly as from the whole index', async () => {
    expect(typed.length).toBeGreaterThan(500);
    for (const query of typed) {
      const { engine } = lazyEngine();
      const lazy = await engine.search(request(query));
      const full = whole.searchSync(request(query));
      expect({ query, hits: lazy.hits, nbHits: lazy.nbHits, sections: lazy.sections }).toEqual({ query, hits: full.hits, nbHits: full.nbHits, sections: full.sections });
    }
  }, LONG_MS); // over 500 typed queries, each on a fresh engine: 110 s at load average 29 (patience.ts)

  it('answers split and joined words from its shards exactly as from the whole index', async () => {
    for (const query of COMPOUNDS) {
      const { engine } = lazyEngine();
      const lazy = await engine.search(request(query));
      const full = whole.searchSync(request(query));
      expect({ query, hits: lazy.hits, nbHits: lazy.nbHits }).toEqual({ query, hits: full.hits, nbHits: full.nbHits });
    }
    // auditlog is found only through its parts, the second of which is in another shard.
    expect(whole.searchSync(request('auditlog')).hits[0]?.url).toBe('/support/admin-docs/ordo-audit-log');
  });

  it('fetches each file once: the shards a query needs, then only the pages of the hits shown', async () => {
    const { engine, fetched } = lazyEngine();
    const first = await engine.search(request('locking'));
    const shards = fetched.filter((p) => p.startsWith('terms/'));
    const pages = fetched.filter((p) => p.startsWith('pages/'));
    expect(first.hits.length).toBe(20);
    // One file per page: hits on the same page share it.
    expect(pages.length).toBe(new Set(first.hits.map((hit) => hit.url.split('#')[0])).size);
    expect(pages.length).toBeLessThan(first.hits.length);
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThan(entry.shardSizes.length / 4);
    // The page files' word dictionary, once, asked for with the first page file (after the shards: ranking never waits for it).
    const words = fetched.filter((p) => p.startsWith('words/'));
    expect(words).toEqual([wordsPath(entry.wordsHash)]);
    expect(fetched.indexOf(words[0]!)).toBe(fetched.indexOf(pages[0]!) + 1);
    expect(fetched.length).toBe(shards.length + pages.length + 1);
    // Typing on: "locking" again and its prefixes fetch nothing they fetched before.
    for (const query of ['l', 'lo', 'loc', 'lock', 'locki', 'lockin', 'locking']) await engine.search(request(query));
    expect(new Set(fetched).size).toBe(fetched.length);
  });

  it('waits for the reader to pause before fetching a wide beginning, not a whole word', async () => {
    let paused = 0;
    const settle = async () => {
      paused++;
    };
    // "re" starts every re… term, in several shards: it waits, as more keys will most likely narrow it.
    const wide = lazyEngine();
    await wide.engine.search(request('re'), () => true, settle);
    expect(paused).toBe(1);
    expect(wide.fetched.filter((p) => p.startsWith('terms/')).length).toBeGreaterThan(2);
    // A whole word's own shards (with its typos' and the few longer words it starts) come at once.
    const word = lazyEngine();
    await word.engine.search(request('lock'), () => true, settle);
    expect(paused).toBe(1);
    expect(word.fetched.some((p) => p.startsWith('terms/'))).toBe(true);
  });
});

describe('the sharded index: what a view shows', () => {
  it('leaves out the hits a view showing a few per group drops, and fetches no page for them', async () => {
    for (const query of ['locking', 'cell', 'record', 'share']) {
      const { engine, fetched } = lazyEngine();
      const some = await engine.search({ ...request(query), perGroup: 2 });
      const all = whole.searchSync(request(query));
      // What the modal shows is the same, from fewer hits.
      expect(groupHits(some.hits, 2)).toEqual(groupHits(all.hits, 2));
      expect(some.hits).toEqual(all.hits.filter((hit) => groupHits(all.hits, 2).some((group) => group.hits.includes(hit))));
      expect(some.nbHits).toBe(all.nbHits);
      const pages = fetched.filter((p) => p.startsWith('pages/'));
      expect(pages.length, query).toBe(new Set(some.hits.map((hit) => hit.url.split('#')[0])).size);
    }
  });

  it('answers with the first screenful of rows first, fetching only their pages, and the rest when asked', async () => {
    for (const query of ['locking', 'cell', 'record', 'share', 'how do I stop people editing a record']) {
      const { engine, fetched } = lazyEngine();
      const shown = { ...request(query), perGroup: 5 };
      const first = await engine.search({ ...shown, firstRows: 4 });
      const all = whole.searchSync(shown);
      const rows = (hits: typeof all.hits) => groupHits(hits, 5).flatMap((group) => group.hits);
      // The rows shown first are the first rows of the whole answer, in the same places.
      expect(rows(first.hits), query).toEqual(rows(all.hits).slice(0, 4));
      expect(first.nbHits).toBe(all.nbHits);
      const pagesOf = (hits: typeof all.hits) => new Set(hits.map((hit) => hit.url.split('#')[0])).size;
      expect(fetched.filter((p) => p.startsWith('pages/')).length, query).toBe(pagesOf(first.hits));
      expect(first.rest).toBeDefined();
      const whole2 = await first.rest!();
      expect(whole2.hits).toEqual(all.hits);
      expect(whole2.rest).toBeUndefined();
      expect(fetched.filter((p) => p.startsWith('pages/')).length, query).toBe(pagesOf(all.hits));
      expect(new Set(fetched).size).toBe(fetched.length);
    }
    // A first screenful as long as the answer: the whole answer at once.
    const { engine } = lazyEngine();
    const answer = await engine.search({ ...request('locking'), firstRows: 20 });
    expect(answer.rest).toBeUndefined();
    expect(answer.hits.length).toBe(20);
  });

  it('fetches nothing for a query that is no longer wanted, and answers it without hits', async () => {
    const { engine, fetched } = lazyEngine();
    const stale = await engine.search(request('lock'), () => false);
    expect(stale.hits).toEqual([]);
    expect(fetched).toEqual([]);
  });
});
