// Budgets checked again after a partial run (--add, --search-only): every budget is there, the
// side-by-side ones included, each with the figure it had before. And our site's build-time
// budget: its cold build against the bare-stack floor measured in the same run (issue 38).
import { describe, expect, it } from 'vitest';
import { checkBudgets, recheckBudgets } from './budgets.ts';
import type { PeerResult } from './extra/peer.ts';
import type { Results, SiteResult } from './results.ts';

const summary = (median: number) => ({ n: 1, median, min: median, max: median });
const floor = (stackMs: number) => ({ pages: 168, markdownBytes: 959_387, wallMs: summary(1250), cpuMs: summary(1680), stack: { wallMs: summary(stackMs), cpuMs: summary(2300) } });
const own = (wallMs: number, stackMs = 2000) => ({ id: 'own', label: 'our site', siteDir: '.', markdownPages: 168, build: { strict: false, runs: [], wallMs: summary(wallMs) }, parseFloor: floor(stackMs) }) as unknown as SiteResult;
const run = { ok: true, wallMs: 0 };
const pair = (pages: number, ratio: number) => ({ pages, markdownPages: pages, peer: { runs: [run], wallMs: summary(250) }, helpgen: { runs: [run], wallMs: summary(250 * ratio) }, pairRatios: [ratio], ratio });
const peer = { sizes: [pair(168, 6), pair(1680, 6)] } as unknown as PeerResult;

describe('recheckBudgets', () => {
  it('keeps the side-by-side budgets and gives each budget its figure before', () => {
    const previous = { commit: 'aaa1111', date: '2026-11-27T00:00:00.000Z', sites: [own(3000)], peer, budgets: [] } as unknown as Results;
    recheckBudgets(previous, { ...previous, budgets: [] });
    const results = { ...structuredClone(previous), commit: 'bbb2222', sites: [own(2800)] } as Results;
    recheckBudgets(results, previous);
    const byId = new Map(results.budgets.map((b) => [b.id, b]));
    expect(byId.get('peer-hugo-1680')).toMatchObject({ measured: 6, holds: false, before: { measured: 6, commit: 'aaa1111' } });
    expect(byId.get('build-own-floor')).toMatchObject({ measured: 1.4, before: { measured: 1.5, commit: 'aaa1111' } });
  });

  it('keeps the earlier figure before when a budget was not measured again', () => {
    const first = { commit: 'aaa1111', date: '2026-11-26T00:00:00.000Z', sites: [own(3000)], budgets: [] } as unknown as Results;
    recheckBudgets(first, structuredClone(first));
    const second = { ...structuredClone(first), commit: 'bbb2222', sites: [own(2900)] } as Results;
    recheckBudgets(second, first);
    // A partial run that did not build our site again: its figure and its before stay.
    const third = { ...structuredClone(second), commit: 'ccc3333' } as Results;
    recheckBudgets(third, second);
    expect(third.budgets.find((b) => b.id === 'build-own-floor')).toMatchObject({ measured: 1.45, before: { measured: 1.5, commit: 'aaa1111' } });
  });
});

describe("our site's build against the bare-stack floor", () => {
  const budget = (site: SiteResult, withPeer?: PeerResult) => checkBudgets([site], withPeer).find((b) => b.id === 'build-own-floor')!;

  it('holds up to 1.3 times the floor measured in the same run, and fails above', () => {
    expect(budget(own(2600, 2000))).toMatchObject({ limit: 1.3, unit: 'ratio', measured: 1.3, holds: true });
    // The run of d0a4502: 2.93 s against the bare stack's 1.70 s.
    const today = budget(own(2931, 1698));
    expect(today.holds).toBe(false);
    expect(today.measured).toBeCloseTo(1.726, 3);
    expect(today.budget).toBe('our site: cold build at most 1.3 × the bare-stack floor measured in the same run (medians)');
    expect(today.note).toMatch(/^build 2\.93 s; the bare stack alone .* takes 1\.70 s from process start/);
  });

  it('is not measured when the run measured no floor, whatever the build took', () => {
    const noFloor = { ...own(1000), parseFloor: undefined } as SiteResult;
    const row = budget(noFloor);
    expect([row.holds, row.measured, row.note]).toEqual([undefined, undefined, 'the bare stack was not measured in this run']);
  });

  it('replaces the 1.5 s budget and the side-by-side budget at 168 pages, and keeps the larger sizes', () => {
    const ids = checkBudgets([own(2931, 1698)], peer).map((b) => b.id);
    expect(ids).not.toContain('build-own');
    expect(ids).not.toContain('peer-hugo-168');
    expect(ids).toEqual(expect.arrayContaining(['build-own-floor', 'peer-hugo-1680', 'peer-hugo-8400']));
  });
});
