// The sharded index (shared/search/index-format.ts) answers as the whole index does: an
// engine that starts with only the entry file and fetches what each query needs gives the
// same hits, in the same order with the same snippets, as one given every file up front, for
// the benchmark's 100 queries and every prefix of them a reader types on the way. And it
// fetches each file once, only the shards the query's words reach and the shown sections.
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERIES } from '../../bench/queries.ts';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';
import { buildOnce, repoRoot } from '../helpers/site.ts';
import { engineFor, indexFileReader } from './helpers.ts';

let result: BuildResult;
let whole: LocalSearchEngine;
let entry: EntryFile;
let read: (path: string) => unknown;

beforeAll(async () => {
  result = await buildOnce(repoRoot);
  let indexBytes: string;
  ({ engine: whole, indexBytes } = engineFor(result));
  entry = JSON.parse(indexBytes) as EntryFile;
  read = indexFileReader(result, result.files.find((f) => f.path.endsWith('/assets/search/index.json'))!.path);
});

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
  });

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

  it('fetches each file once: the shards a query needs, then only the sections shown', async () => {
    const { engine, fetched } = lazyEngine();
    const first = await engine.search(request('locking'));
    const shards = fetched.filter((p) => p.startsWith('terms/'));
    const sections = fetched.filter((p) => p.startsWith('sections/'));
    expect(first.hits.length).toBe(20);
    expect(sections.length).toBe(first.hits.length);
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThan(entry.shardSizes.length / 4);
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

  it('fetches nothing for a query that is no longer wanted, and answers it without hits', async () => {
    const { engine, fetched } = lazyEngine();
    const stale = await engine.search(request('lock'), () => false);
    expect(stale.hits).toEqual([]);
    expect(fetched).toEqual([]);
  });
});
