// The local index's budgets on our real content. Size is deterministic, so it is asserted
// (150 KB gzip at most); query times depend on the machine, so they are measured and printed
// (p50/p95 over the benchmark's 100 reader queries) but never asserted.
import { gzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { QUERIES } from '../../bench/queries.ts';
import type { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { BuildResult } from '../../cli/build/build.ts';
import { buildOnce, repoRoot } from '../helpers/site.ts';
import { engineFor } from './helpers.ts';

let result: BuildResult;
let engine: LocalSearchEngine;
let indexBytes: string;

beforeAll(async () => {
  result = await buildOnce(process.env.SEARCH_RANKING_SITE ?? repoRoot);
  ({ engine, indexBytes } = engineFor(result));
});

it('keeps the index within 150 KB gzip', () => {
  const gzip = gzipSync(indexBytes).length;
  const fragments = result.files.filter((f) => f.path.includes('/assets/search/pages/'));
  const fragmentGzip = fragments.map((f) => gzipSync(String(f.contents)).length);
  console.log(
    `search index: ${(indexBytes.length / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip for ${result.pages.filter((p) => p.kind === 'doc').length} pages; ` +
      `${fragments.length} paragraph fragments, largest ${(Math.max(...fragmentGzip) / 1024).toFixed(1)} KB gzip`,
  );
  expect(gzip).toBeLessThanOrEqual(150 * 1024);
});

it('answers the 100 benchmark queries (times printed, not asserted)', () => {
  const run = (q: string) => engine.searchSync({ query: q, hitsPerPage: 20, snippetWords: 10 });
  for (const q of QUERIES) run(q); // warm-up
  const times: number[] = [];
  let empty = 0;
  for (const q of QUERIES) {
    const start = performance.now();
    if (run(q).hits.length === 0) empty++;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  console.log(`search queries: p50 ${at(50).toFixed(2)} ms, p95 ${at(95).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms, ${empty} without hits`);
  expect(QUERIES.length).toBe(100);
  expect(empty).toBeLessThan(10);
});
