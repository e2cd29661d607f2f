// The page-type measures' own logic: reading `helpgen serve`'s address, summing the scripts a
// page loaded, the medians of Lighthouse runs, the budgets on them, and what a full run with
// --no-lighthouse keeps. (The measures themselves need a build and browsers: --lighthouse-only.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { recheckBudgets } from '../budgets.ts';
import { keepEarlierPageTypes } from './kept-results.ts';
import { pageTypeBudgets } from './page-type-budgets.ts';
import { PAGE_TYPES, medianLighthouse, sumScripts, type PageTypesResult } from './page-types.ts';
import type { Results } from '../results.ts';
import { servedOrigin } from './serve-built.ts';

const script = (path: string, text: string, transfer = text.length + 200) => ({ url: `http://127.0.0.1:4000${path}`, transfer, body: Buffer.from(text) });
const MAIN = 'export const main = 1;'.repeat(40);
const REACT = 'function react(){return 1}'.repeat(400);

function pageTypes(docFiles: { path: string; text: string }[], scores: Record<string, number>, commit = 'abc1234'): PageTypesResult {
  const eager = sumScripts([script('/support/assets/js/main.js', MAIN)]);
  return {
    date: '2026-12-06T00:00:00.000Z',
    commit,
    conditions: 'test',
    loadAverage: 1,
    pages: PAGE_TYPES.map((t) => ({
      ...t,
      beforeInteraction: t.id === 'doc' ? sumScripts(docFiles.map((f) => script(f.path, f.text))) : undefined,
      declaredEager: t.id === 'doc' ? { raw: eager.raw, gzip: eager.gzip, files: eager.files } : undefined,
      lighthouse: scores[t.id] === undefined ? undefined : medianLighthouse([{ score: scores[t.id], tbtMs: 10, lcpMs: 1000, cls: 0 }]),
    })),
  };
}

describe('servedOrigin', () => {
  it('reads the address from helpgen serve’s line, colours included', () => {
    expect(servedOrigin('\u001b[32m✔\u001b[39m Serving /tmp/out at \u001b[1mhttp://127.0.0.1:40123/support/\u001b[22m (Ctrl+C to stop)\n')).toBe('http://127.0.0.1:40123');
    expect(servedOrigin('✔ Serving /tmp/out at http://localhost:3000/ (Ctrl+C to stop)')).toBe('http://127.0.0.1:3000');
    expect(servedOrigin('✖ nothing to serve: dist/support/ does not exist')).toBeUndefined();
  });
});

describe('sumScripts', () => {
  it('counts each response and sums its transfer, gzip and raw bytes', () => {
    const total = sumScripts([script('/support/assets/js/main.js', MAIN, 1000), script('/support/assets/js/react.js', REACT, 5000)]);
    expect(total).toEqual({
      count: 2,
      transfer: 6000,
      raw: MAIN.length + REACT.length,
      gzip: gzipSync(MAIN, { level: 6 }).length + gzipSync(REACT, { level: 6 }).length,
      files: ['/support/assets/js/main.js', '/support/assets/js/react.js'],
    });
  });

  it('counts a script fetched twice twice', () => {
    expect(sumScripts([script('/a.js', MAIN), script('/a.js', MAIN)]).count).toBe(2);
  });
});

describe('medianLighthouse', () => {
  it('takes the median of each figure over the runs that scored, on its own', () => {
    const summary = medianLighthouse([
      { score: 80, tbtMs: 400, lcpMs: 2000, cls: 0.1 },
      { error: 'NO_FCP: the page painted nothing' },
      { score: 96, tbtMs: 20, lcpMs: 1500, cls: 0 },
      { score: 90, tbtMs: 600, lcpMs: 1800, cls: 0.02 },
    ]);
    expect(summary).toMatchObject({ score: 90, tbtMs: 400, lcpMs: 1800, cls: 0.02 });
    expect(summary.runs).toHaveLength(4);
  });

  it('reports the first error when no run scored', () => {
    const summary = medianLighthouse([{ error: 'ERRORED_DOCUMENT_REQUEST: status 404' }, { error: 'other' }]);
    expect(summary.error).toBe('ERRORED_DOCUMENT_REQUEST: status 404');
    expect(summary.score).toBeUndefined();
  });
});

const all = (score: number) => Object.fromEntries(PAGE_TYPES.map((t) => [t.id, score]));

describe('pageTypeBudgets', () => {
  it('fails a doc page that loads more than its eager script, and names what it loaded', () => {
    const rows = pageTypeBudgets(pageTypes([{ path: '/support/assets/js/main.js', text: MAIN }, { path: '/support/assets/js/react.js', text: REACT }], all(99)));
    const doc = rows.find((r) => r.id === 'eager-js-doc')!;
    expect(doc).toMatchObject({ holds: false, unit: 'KB', limit: gzipSync(MAIN, { level: 6 }).length / 1000 });
    expect(doc.note).toContain('/support/assets/js/react.js');
  });

  it('holds when the doc page loads only its eager script', () => {
    const rows = pageTypeBudgets(pageTypes([{ path: '/support/assets/js/main.js', text: MAIN }], all(99)));
    expect(rows.find((r) => r.id === 'eager-js-doc')).toMatchObject({ holds: true, ratio: 1 });
  });

  it('holds a score of 95 and fails 94, on every page type', () => {
    const rows = pageTypeBudgets(pageTypes([], { ...all(95), search: 94 }));
    const lighthouse = rows.filter((r) => r.id.startsWith('lighthouse-'));
    expect(lighthouse.map((r) => r.id)).toEqual(PAGE_TYPES.map((t) => `lighthouse-${t.id}`));
    expect(lighthouse.filter((r) => !r.holds).map((r) => r.id)).toEqual(['lighthouse-search']);
    expect(lighthouse.find((r) => r.id === 'lighthouse-search')).toMatchObject({ measured: 94, limit: 95, unit: 'score' });
  });

  it('says how to measure when nothing was measured, and passes no judgement', () => {
    for (const row of pageTypeBudgets(undefined)) {
      expect(row.note).toBe('not measured: npm run bench -- --lighthouse-only');
      expect(row.holds).toBeUndefined();
    }
  });
});

describe('page types in the results file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('are budgeted when the budgets are checked again, with their figure before', () => {
    // The rest of the file from a full run at aaa1111, the page types measured on their own at ccc3333.
    const previous = { commit: 'aaa1111', date: '2026-12-05T00:00:00.000Z', sites: [], budgets: [], notes: [], pageTypes: pageTypes([], { doc: 80 }, 'ccc3333') } as unknown as Results;
    recheckBudgets(previous, structuredClone(previous));
    const results = { ...structuredClone(previous), pageTypes: pageTypes([], { doc: 97 }, 'ddd4444') } as Results;
    recheckBudgets(results, previous);
    expect(results.budgets.find((b) => b.id === 'lighthouse-doc')).toMatchObject({ measured: 97, holds: true, before: { measured: 80, commit: 'ccc3333' } });
  });

  it('are kept, with their budgets and note, by a full run that did not measure them', () => {
    dir = mkdtempSync(join(tmpdir(), 'helpgen-bench-kept-'));
    const file = join(dir, 'results.json');
    const earlier = { commit: 'aaa1111', sites: [], budgets: [], notes: ['page types: measured on their own (--lighthouse-only) on 2026-12-05'], pageTypes: pageTypes([], all(97)) };
    writeFileSync(file, JSON.stringify(earlier));
    const results = { commit: 'bbb2222', sites: [], budgets: pageTypeBudgets(undefined), notes: [] } as unknown as Results;
    keepEarlierPageTypes(results, file);
    expect(results.pageTypes?.commit).toBe('abc1234');
    expect(results.budgets.filter((b) => b.id.startsWith('lighthouse-'))).toHaveLength(PAGE_TYPES.length);
    expect(results.budgets.find((b) => b.id === 'lighthouse-home')).toMatchObject({ measured: 97, holds: true });
    expect(results.notes).toEqual(earlier.notes);
  });
});
