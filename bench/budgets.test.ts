// Budgets checked again after a partial run (--add, --search-only): every budget is there, the
// side-by-side ones included, each with the figure it had before.
import { describe, expect, it } from 'vitest';
import { recheckBudgets } from './budgets.ts';
import type { PeerResult } from './extra/peer.ts';
import type { Results, SiteResult } from './results.ts';

const summary = (median: number) => ({ n: 1, median, min: median, max: median });
const own = (wallMs: number) => ({ id: 'own', label: 'our site', siteDir: '.', markdownPages: 168, build: { strict: false, runs: [], wallMs: summary(wallMs) } }) as unknown as SiteResult;
const run = { ok: true, wallMs: 0 };
const peer = { sizes: [{ pages: 168, markdownPages: 168, peer: { runs: [run], wallMs: summary(250) }, helpgen: { runs: [run], wallMs: summary(1500) }, pairRatios: [6], ratio: 6 }] } as unknown as PeerResult;

describe('recheckBudgets', () => {
  it('keeps the side-by-side budgets and gives each budget its figure before', () => {
    const previous = { commit: 'aaa1111', date: '2026-11-27T00:00:00.000Z', sites: [own(3000)], peer, budgets: [] } as unknown as Results;
    recheckBudgets(previous, { ...previous, budgets: [] });
    const results = { ...structuredClone(previous), commit: 'bbb2222', sites: [own(2800)] } as Results;
    recheckBudgets(results, previous);
    const byId = new Map(results.budgets.map((b) => [b.id, b]));
    expect(byId.get('peer-hugo-168')).toMatchObject({ measured: 6, holds: false, before: { measured: 6, commit: 'aaa1111' } });
    expect(byId.get('build-own')).toMatchObject({ measured: 2800, before: { measured: 3000, commit: 'aaa1111' } });
  });

  it('keeps the earlier figure before when a budget was not measured again', () => {
    const first = { commit: 'aaa1111', date: '2026-11-26T00:00:00.000Z', sites: [own(3000)], budgets: [] } as unknown as Results;
    recheckBudgets(first, structuredClone(first));
    const second = { ...structuredClone(first), commit: 'bbb2222', sites: [own(2900)] } as Results;
    recheckBudgets(second, first);
    // A partial run that did not build our site again: its figure and its before stay.
    const third = { ...structuredClone(second), commit: 'ccc3333' } as Results;
    recheckBudgets(third, second);
    expect(third.budgets.find((b) => b.id === 'build-own')).toMatchObject({ measured: 2900, before: { measured: 3000, commit: 'aaa1111' } });
  });
});
