// Issue 38's budget rows ("Linear at any size"): given figures, each holds, fails, or reads "not
// measured" (never passing) when the results do not hold its figures; and a row added since the
// last results file shows that file's figure as `before`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BudgetCheck } from './budget-check.ts';
import { checkBudgets, settleResults, withBefore } from './budgets.ts';
import type { HugeResult } from './extra/huge.ts';
import type { PeerResult } from './extra/peer.ts';
import { formatTable } from './report.ts';
import { resultsSection } from './extra/readme-results.ts';
import type { Results, SiteResult } from './results.ts';

const summary = (median: number, max = median) => ({ n: 3, median, min: median, max });
const okRun = (wallMs: number, pages: number, copiedPages?: number) => ({ ok: true, wallMs, timedOut: false, exitCode: 0, warnings: 0, pages, copiedPages });

/** A generated site; `edited` is the median warm build after a one-page edit. */
function generated(pages: number, o: { coldMs: number; rssMib: number; built: number; editedMs?: number }): SiteResult {
  const edited = o.editedMs === undefined ? {} : { editedPage: 'content/files/export.md', editedRuns: [okRun(o.editedMs, o.built, o.built - 1)], editedWallMs: summary(o.editedMs), editedRatio: o.editedMs / o.coldMs };
  return { id: `gen-${pages}`, label: `${pages.toLocaleString('en-US')} pages`, siteDir: 'x', generatedPages: pages, markdownPages: pages, markdownBytes: 0, build: { strict: true, runs: [okRun(o.coldMs, o.built)], wallMs: summary(o.coldMs), peakRssMb: summary(o.rssMib), pagesBuilt: o.built, ...edited } };
}

// The figures of bench/results.json when issue 38 was filed (d0a4502; the very large site e870e72).
const s8500 = generated(8500, { coldMs: 41_680.6, rssMib: 1353.48, built: 9109 });
const hugeToday = { pages: 50_000, markdownBytes: 0, siteDir: 'x', run: okRun(677_362.4, 53_573), outputBytes: 0, htmlFiles: 53_574, summary: 'built 53573 pages in 677 s' } as HugeResult;
const withRss = (huge: HugeResult, peakRssMb: number, ok = true) => ({ ...huge, run: { ...huge.run, peakRssMb, ok } }) as HugeResult;
const pair = (pages: number, ratio: number) => ({ pages, markdownPages: pages, peer: { runs: [{ ok: true, wallMs: 1 }] }, helpgen: { runs: [{ ok: true, wallMs: 1 }] }, pairRatios: [ratio], ratio });
const peerOf = (...sizes: [number, number][]) => ({ name: 'hugo', version: 'hugo v0.131.0', corpus: 'shared', sizes: sizes.map(([p, r]) => pair(p, r)) }) as unknown as PeerResult;

const rows = (sites: SiteResult[], peer?: PeerResult, huge?: HugeResult) => new Map(checkBudgets(sites, peer, undefined, huge).map((b) => [b.id, b]));
const row = (id: string, sites: SiteResult[], peer?: PeerResult, huge?: HugeResult): BudgetCheck => rows(sites, peer, huge).get(id)!;
const notMeasured = (b: BudgetCheck) => [b.measured, b.holds];

describe('issue 38: a CI build after a one-page edit (fresh checkout, build cache restored, no output folder)', () => {
  const ci = (site: SiteResult, ms: number, ok = true): SiteResult => ({ ...site, build: { ...site.build, checkoutRuns: [{ ...okRun(ms, 9109, 9108), ok, ...(ok ? {} : { error: 'content/a.md:3:1: error: bad link' }) }], ...(ok ? { checkoutWallMs: summary(ms), checkoutRatio: ms / site.build.wallMs!.median } : {}) } });
  const site = generated(8500, { coldMs: 40_000, rssMib: 900, built: 9109, editedMs: 3000 });

  it('at 8,500 pages holds at 10 % of the cold build and fails above it, beside the build that updates the output in place', () => {
    expect(row('checkout-edit-8500', [ci(site, 4000)])).toMatchObject({ limit: 0.1, unit: 'ratio', measured: 0.1, holds: true });
    const slow = row('checkout-edit-8500', [ci(site, 6000)]);
    expect(slow).toMatchObject({ measured: 0.15, holds: false });
    expect(slow.note).toBe('after an edit of content/files/export.md: 6.00 s [3], cold 40.00 s');
    expect(row('warm-edit-8500', [ci(site, 6000)])).toMatchObject({ measured: 0.075, holds: true });
  });

  it('names the time its output took to copy alone, the floor under it, when the run measured it', () => {
    const copied = ci(site, 6000);
    copied.build.checkoutCopyMs = summary(2000);
    expect(row('checkout-edit-8500', [copied]).note).toBe('after an edit of content/files/export.md: 6.00 s [3], cold 40.00 s, its output copied alone 2.00 s (0.050 × cold)');
  });

  it('is not measured when the run made no CI build, or every one failed; at 1,700 pages it is "info"', () => {
    expect(notMeasured(row('checkout-edit-8500', [site]))).toEqual([undefined, undefined]);
    const failed = row('checkout-edit-8500', [ci(site, 6000, false)]);
    expect([...notMeasured(failed), failed.note]).toEqual([undefined, undefined, 'every CI build after the edit failed: content/a.md:3:1: error: bad link']);
    const info = row('checkout-edit-1700', [ci(generated(1700, { coldMs: 20_000, rssMib: 600, built: 1823 }), 5000)]);
    expect(info).toMatchObject({ informative: true, measured: 0.25 });
    expect(info.holds).toBeUndefined();
  });
});

describe('issue 38: a warm build after a one-page edit', () => {
  it('at 8,500 pages holds at 10 % of the cold build and fails above it', () => {
    expect(row('warm-edit-8500', [generated(8500, { coldMs: 40_000, rssMib: 900, built: 9109, editedMs: 4000 })])).toMatchObject({ limit: 0.1, unit: 'ratio', measured: 0.1, holds: true });
    const slow = row('warm-edit-8500', [generated(8500, { coldMs: 40_000, rssMib: 900, built: 9109, editedMs: 12_000 })]);
    expect(slow).toMatchObject({ measured: 0.3, holds: false });
    expect(slow.note).toBe('after an edit of content/files/export.md: 12.00 s [3], cold 40.00 s; 9,108 of 9,109 pages copied from the last build');
  });

  it('is not measured when the run made no edited build, or every one failed', () => {
    expect(notMeasured(row('warm-edit-8500', [s8500]))).toEqual([undefined, undefined]);
    expect(row('warm-edit-8500', []).note).toBe('not measured: this size was not built');
    const failed = { ...s8500, build: { ...s8500.build, editedRuns: [{ ...okRun(5000, 0), ok: false, error: 'content/a.md:3:1: error: bad link' }] } };
    expect([...notMeasured(row('warm-edit-8500', [failed])), row('warm-edit-8500', [failed]).note]).toEqual([undefined, undefined, 'every build after the edit failed: content/a.md:3:1: error: bad link']);
  });

  it('at 1,700 pages is recorded beside the budget: it neither holds nor fails, and reads "info"', () => {
    const s1700 = generated(1700, { coldMs: 21_567, rssMib: 650, built: 1823, editedMs: 7735 });
    const info = row('warm-edit-1700', [s1700]);
    expect(info).toMatchObject({ informative: true, measured: 7735 / 21_567 });
    expect(info.holds).toBeUndefined();
    const results = { date: '2026-12-06T00:00:00.000Z', commit: 'abc1234', node: 'v22', cpu: { model: 'x', cores: 2 }, loadAverage: { start: 1, end: 1 }, sites: [s1700], budgets: [info], notes: [] } as unknown as Results;
    expect(resultsSection(results)).toContain('| info | 1,700 pages: a warm build after a one-page edit, as a share of the cold build');
    expect(formatTable(results)).toMatch(/^info 1,700 pages: .* measured 0\.359 vs 0\.100 .* 1,822 of 1,823 pages copied/m);
  });
});

describe('issue 38: peak memory, in MB of 10⁶ bytes', () => {
  it('at 8,500 pages fails at the 1,353 MiB of the filing, holds under 1,000 MB, and keeps issue 7’s 1.5 GB row', () => {
    const today = rows([s8500]);
    expect(today.get('rss-8500-issue38')).toMatchObject({ limit: 1000, unit: 'MB', holds: false });
    expect(today.get('rss-8500-issue38')!.measured).toBeCloseTo(1419.2, 1);
    expect(today.get('rss-8500')).toMatchObject({ limit: 1500, holds: true });
    // 954 MiB is 1,000.3 MB: over the decimal gigabyte.
    expect(row('rss-8500-issue38', [generated(8500, { coldMs: 1, rssMib: 954, built: 1 })]).holds).toBe(false);
    expect(row('rss-8500-issue38', [generated(8500, { coldMs: 1, rssMib: 953, built: 1 })]).holds).toBe(true);
    expect(notMeasured(row('rss-8500-issue38', []))).toEqual([undefined, undefined]);
  });

  it('at 50,000 pages reads the very large site: 4.1 GiB fails, under 2,000 MB holds, none is not measured', () => {
    expect(row('rss-50000', [], undefined, withRss(hugeToday, 4242.18))).toMatchObject({ limit: 2000, holds: false });
    expect(row('rss-50000', [], undefined, withRss(hugeToday, 1900)).holds).toBe(true);
    expect([...notMeasured(row('rss-50000', [])), row('rss-50000', []).note]).toEqual([undefined, undefined, 'not measured: npm run bench -- --add --huge']);
    expect(notMeasured(row('rss-50000', [], undefined, { ...withRss(hugeToday, 900), pages: 20_000 }))).toEqual([undefined, undefined]);
  });

  it('fails a very large build that stopped after passing the limit, and does not pass one that stopped under it', () => {
    const stopped = row('rss-50000', [], undefined, withRss(hugeToday, 2500, false));
    expect(stopped.holds).toBe(false);
    expect(stopped.note).toMatch(/the figure is a lower bound$/);
    expect(notMeasured(row('rss-50000', [], undefined, withRss(hugeToday, 1200, false)))).toEqual([undefined, undefined]);
  });
});

describe('issue 38: time per page at 50,000 pages against 8,500', () => {
  it('is 2.76 on the figures of the filing (fails), and holds when time per page stays flat', () => {
    const today = row('time-per-page-50000', [s8500], undefined, hugeToday);
    expect(today).toMatchObject({ limit: 1.2, unit: 'ratio', holds: false });
    expect(today.measured).toBeCloseTo(2.763, 3);
    expect(today.note).toBe('12.64 ms per page at 50,000 (677.36 s for 53,573 pages), 4.58 ms at 8,500 (41.68 s for 9,109)');
    const flat = { ...hugeToday, run: okRun(53_573 * 5.4, 53_573) } as HugeResult;
    expect(row('time-per-page-50000', [generated(8500, { coldMs: 9109 * 4.5, rssMib: 1, built: 9109 })], undefined, flat).measured).toBeCloseTo(1.2, 6);
  });

  it('is not measured without the very large site, without the 8,500-page build, or when the large build stopped', () => {
    expect(notMeasured(row('time-per-page-50000', [s8500]))).toEqual([undefined, undefined]);
    expect(row('time-per-page-50000', [], undefined, hugeToday).note).toBe('not measured: no cold build of 8,500 pages in these results');
    expect(notMeasured(row('time-per-page-50000', [s8500], undefined, withRss(hugeToday, 3000, false)))).toEqual([undefined, undefined]);
  });

  it('compares with the faster 8,500-page build made just before or after the large one, and records the full run beside it', () => {
    // The full run's 8,500 pages were slow (4.58 ms a page); the builds beside the large one took 11 ms and 12 ms a page.
    const beside = { ...hugeToday, beside: { pages: 8500, runs: [okRun(100_199, 9109), okRun(109_308, 9109)] } } as HugeResult;
    const budget = row('time-per-page-50000', [s8500], undefined, beside);
    expect(budget).toMatchObject({ limit: 1.2, holds: true });
    expect(budget.measured).toBeCloseTo(12.644 / 11, 3);
    expect(budget.note).toBe('12.64 ms per page at 50,000 (677.36 s for 53,573 pages), 11.00 ms at 8,500 (the faster of the builds just before and after it: 100.20 s, 109.31 s for 9,109)');
    const fullRun = row('time-per-page-50000-full-run', [s8500], undefined, beside);
    expect(fullRun).toMatchObject({ informative: true, unit: 'ratio' });
    expect(fullRun.holds).toBeUndefined();
    expect(fullRun.measured).toBeCloseTo(2.763, 3);
    // Without a full run's 8,500 pages (--add --huge alone), the builds beside it still give the budget.
    expect(row('time-per-page-50000', [], undefined, beside).holds).toBe(true);
    expect(notMeasured(row('time-per-page-50000-full-run', [], undefined, beside))).toEqual([undefined, undefined]);
  });

  it('takes the full run when no build beside the large one finished, or a build beside it failed', () => {
    const failed = { ...okRun(30_000, 0), ok: false, error: 'killed' };
    const noneFinished = { ...hugeToday, beside: { pages: 8500, runs: [failed, failed] } } as HugeResult;
    expect(row('time-per-page-50000', [s8500], undefined, noneFinished).measured).toBeCloseTo(2.763, 3);
    expect(rows([s8500], undefined, noneFinished).has('time-per-page-50000-full-run')).toBe(false);
    const oneFinished = { ...hugeToday, beside: { pages: 8500, runs: [failed, okRun(91_090, 9109)] } } as HugeResult;
    expect(row('time-per-page-50000', [s8500], undefined, oneFinished).note).toContain('10.00 ms at 8,500 (the faster of the builds just before and after it: 91.09 s for 9,109)');
  });
});

describe('issue 38: helpgen ÷ Hugo', () => {
  it('holds at most 2.5 at 1,680 pages and 1.5 at 8,400, beside issue 19’s 4, and has no row at 168', () => {
    const today = rows([], peerOf([168, 5.32], [1680, 2.81], [8400, 1.97]));
    expect(today.get('hugo-1680')).toMatchObject({ limit: 2.5, measured: 2.81, holds: false });
    expect(today.get('hugo-8400')).toMatchObject({ limit: 1.5, measured: 1.97, holds: false });
    expect(today.get('peer-hugo-1680')).toMatchObject({ limit: 4, holds: true });
    expect([...today.keys()].filter((id) => id.endsWith('-168'))).toEqual([]);
    const after = rows([], peerOf([1680, 2.5], [8400, 1.4]));
    expect([after.get('hugo-1680')!.holds, after.get('hugo-8400')!.holds]).toEqual([true, true]);
  });

  it('is not measured without the side-by-side runs or at a size they left out', () => {
    expect([...notMeasured(row('hugo-1680', [])), row('hugo-1680', []).note]).toEqual([undefined, undefined, 'not measured: npm run bench -- --peer hugo']);
    expect(notMeasured(row('hugo-8400', [], peerOf([1680, 2])))).toEqual([undefined, undefined]);
  });
});

describe('before and after', () => {
  it('gives a row the results file did not have its figure in that file, dated by the --add that measured it', () => {
    const notes = ['added: the 50,000-page site measured on its own (--add) on 2026-11-28 at commit e870e72, 1-minute load average 8.9 on 2 cores.'];
    const old = { commit: 'd0a4502', date: '2026-11-28T09:54:47.301Z', sites: [s8500], peer: peerOf([1680, 2.81]), huge: withRss(hugeToday, 4242.18), budgets: [], notes } as unknown as Results;
    const faster = generated(8500, { coldMs: 30_000, rssMib: 900, built: 9109 });
    const results = { ...old, commit: 'fff0000', sites: [faster], budgets: checkBudgets([faster], old.peer, undefined, old.huge) } as Results;
    withBefore(results, old);
    const byId = new Map(results.budgets.map((b) => [b.id, b]));
    expect(byId.get('rss-8500-issue38')!.before).toMatchObject({ commit: 'd0a4502', date: '2026-11-28T09:54:47.301Z' });
    expect(byId.get('rss-8500-issue38')!.before!.measured).toBeCloseTo(1419.2, 1);
    expect(byId.get('time-per-page-50000')!.before).toMatchObject({ commit: 'e870e72', date: '2026-11-28' });
    expect(byId.get('time-per-page-50000')!.before!.measured).toBeCloseTo(2.763, 3);
    expect(byId.get('hugo-1680')!.before).toMatchObject({ measured: 2.81, commit: 'd0a4502' });
    expect(byId.get('warm-edit-8500')!.before).toBeUndefined();
  });
});

describe('a full run without --huge', () => {
  it('checks the 50,000-page rows against the very large site it keeps from the file it replaces', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-bench-settle-'));
    try {
      const file = join(dir, 'results.json');
      const old = { commit: 'd0a4502', date: '2026-11-28T09:54:47.301Z', sites: [s8500], huge: withRss(hugeToday, 4242.18), budgets: [], notes: [] };
      writeFileSync(file, JSON.stringify(old));
      const results = { ...structuredClone(old), commit: 'fff0000', huge: undefined, budgets: [] } as unknown as Results;
      settleResults(results, file);
      const byId = new Map(results.budgets.map((b) => [b.id, b]));
      expect(results.huge?.run.peakRssMb).toBe(4242.18);
      expect(byId.get('rss-50000')).toMatchObject({ holds: false, before: { commit: 'd0a4502' } });
      expect(byId.get('time-per-page-50000')!.measured).toBeCloseTo(2.763, 3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
