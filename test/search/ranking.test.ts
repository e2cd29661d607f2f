// Ranking and budgets on our real content. Ranking: questions as readers type them (their own
// words, stop words, word forms, typos, half-typed words, other products' words) and the page
// that should come first, held to top-1 and top-3 rates over the whole table (issue 18), plus
// one hard check per relevance mechanism; pages are those of the STYLE.md page map. Budgets: the index size is deterministic, so it is
// asserted (150 KB gzip at most); query times depend on the machine, so they are printed (p50
// and p95 over the benchmark's 100 reader queries) but never asserted. SEARCH_RANKING_SITE may
// point at another copy of the site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERIES } from '../../bench/queries.ts';
import type { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { buildOnce, repoRoot } from '../helpers/site.ts';
import { engineFor, pageRank } from './helpers.ts';
import { LONG_MS } from '../helpers/patience.ts';
import { ESTABLISHED, RANKING, TITLE_TYPED } from './ranking-table.ts';

const S = '/support/';
const records = (p: string) => `${S}user-docs/records/${p}`;
const cell = (p: string) => `${S}user-docs/templates/cell%20types/${p}`;
const fn = (p: string) => `${S}user-docs/templates/formulas/functions/${p}`;
const admin = (p: string) => `${S}admin-docs/${p}`;

/** Benchmark queries (bench/queries.ts) for things our help pages never mention. */
const NOT_IN_OUR_CONTENT = new Set(['webhook']);

/** Issue 18's bar for the whole table. */
const TOP_1 = 0.9;
const TOP_3 = 0.97;

let result: BuildResult;
let engine: LocalSearchEngine;
let indexBytes: string;

beforeAll(async () => {
  result = await buildOnce(process.env.SEARCH_RANKING_SITE ?? repoRoot); // our whole site: LONG_MS (patience.ts)
  ({ engine, indexBytes } = engineFor(result));
}, LONG_MS);

describe('ranking on the real content', () => {
  it('has a table of at least 170 queries, none twice', () => {
    expect(RANKING.length).toBeGreaterThanOrEqual(170);
    expect(new Set(RANKING.map(([query]) => query)).size).toBe(RANKING.length);
  });

  it('keeps every established question\'s page first', () => {
    const misses = ESTABLISHED.filter(([query, expected]) => pageRank(engine, query, expected) !== 1).map(([query]) => query);
    expect(misses).toEqual([]);
  });

  // A reader's words leave room for more than one good answer, so the table is held to rates
  // (as issue 18 asks) rather than to every row; the misses are printed to work on.
  it(`puts the expected page first for at least ${TOP_1 * 100} % of the table and in the top 3 for ${TOP_3 * 100} %`, () => {
    const misses: string[] = [];
    let top1 = 0;
    let top3 = 0;
    for (const [query, expected] of RANKING) {
      const rank = pageRank(engine, query, expected);
      if (rank === 1) top1++;
      if (rank >= 1 && rank <= 3) top3++;
      if (rank !== 1) misses.push(`  "${query}" → ${expected}: ${rank > 0 ? `rank ${rank}` : 'not in the first 20'}`);
    }
    const percent = (n: number) => ((100 * n) / RANKING.length).toFixed(1);
    console.log(`search ranking: top-1 ${percent(top1)} % (${top1}/${RANKING.length}), top-3 ${percent(top3)} % (${top3}/${RANKING.length})${misses.length ? `; not first:\n${misses.join('\n')}` : ''}`);
    expect(top1 / RANKING.length).toBeGreaterThanOrEqual(TOP_1);
    expect(top3 / RANKING.length).toBeGreaterThanOrEqual(TOP_3);
  });
});

// The mechanisms behind issue 18's examples, each of which fails without its mechanism.
describe('relevance mechanisms on the real content', () => {
  const hits = (query: string) => engine.searchSync({ query, hitsPerPage: 20, snippetWords: 10 }).hits;

  it('puts the page whose title the reader typed first ("lock" → Lock a record, "import" → Import records)', () => {
    const misses = TITLE_TYPED.filter(([query, expected]) => pageRank(engine, query, expected) !== 1).map(([query, expected]) => `${query} → ${expected} (rank ${pageRank(engine, query, expected)})`);
    expect(misses).toEqual([]);
  });

  it('puts an exact keyword (iPhone, on the iOS app page) above a typo of another title (ISPHONE)', () => {
    expect(pageRank(engine, 'iphone', `${S}apps/ios`)).toBe(1);
  });

  it('matches two words joined ("rich text" → Richtext cell) and marks the joined word', () => {
    const [first] = hits('rich text');
    expect(first?.url).toBe(cell('richtext-cell'));
    expect(first?._highlightResult?.hierarchy?.lvl1).toEqual({ value: '<mark>Richtext</mark> cell', matchLevel: 'full', matchedWords: ['rich', 'text'] });
  });

  it('matches one word split ("auditlog" → Audit log) and marks both parts', () => {
    const [first] = hits('auditlog');
    expect(first?.url).toBe(admin('ordo-audit-log'));
    expect(first?._highlightResult?.hierarchy?.lvl1?.value).toBe('<mark>Audit</mark> <mark>log</mark>');
  });

  it('counts a word of the page\'s keywords as written in its title ("undo" on the versions page, above the sheet\'s "Undo a change")', () => {
    expect(pageRank(engine, 'undo changes to a record', records('versions'))).toBe(1);
    expect(pageRank(engine, 'phone number validation', fn('isphone'))).toBe(1);
  });
});

describe('budgets on the real content', () => {
  it('keeps the index within 150 KB gzip', () => {
    const gzip = gzipSync(indexBytes).length;
    const fragments = result.files.filter((f) => f.path.includes('/assets/search/pages/'));
    const fragmentGzip = fragments.map((f) => gzipSync(readFileSync(join(result.outDir, f.path))).length);
    console.log(
      `search index: ${(indexBytes.length / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip for ${result.pages.filter((p) => p.kind === 'doc').length} pages; ` +
        `${fragments.length} paragraph fragments, largest ${(Math.max(...fragmentGzip) / 1024).toFixed(1)} KB gzip`,
    );
    expect(gzip).toBeLessThanOrEqual(150 * 1024);
  });

  it('answers the 100 benchmark queries, every one that our pages cover with hits (times printed, not asserted)', () => {
    const run = (q: string) => engine.searchSync({ query: q, hitsPerPage: 20, snippetWords: 10 });
    for (const q of QUERIES) run(q); // warm-up
    const times: number[] = [];
    const empty: string[] = [];
    for (const q of QUERIES) {
      const start = performance.now();
      const { hits } = run(q);
      times.push(performance.now() - start);
      if (hits.length === 0) empty.push(q);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
    console.log(`search queries: p50 ${at(50).toFixed(2)} ms, p95 ${at(95).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms, without hits: ${empty.join(', ') || 'none'}`);
    expect(QUERIES.length).toBe(100);
    // Words our pages do not use; every other query finds something.
    expect(empty.filter((q) => !NOT_IN_OUR_CONTENT.has(q))).toEqual([]);
  });
});
