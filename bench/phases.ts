// Where a build's time went, phase by phase (HELPGEN_TIMINGS), over several runs: the median
// of each phase, so the figures can be compared size by size and before and after a change.
import type { BuildRun } from './cold-build.ts';
import { summarize } from './stats.ts';

export function medianPhases(runs: BuildRun[]): Record<string, number> | undefined {
  const byName = new Map<string, number[]>();
  for (const run of runs) for (const [name, ms] of Object.entries(run.phases ?? {})) byName.set(name, [...(byName.get(name) ?? []), ms]);
  if (!byName.size) return undefined;
  return Object.fromEntries([...byName].map(([name, values]) => [name, Math.round(summarize(values)!.median)]));
}

/** Median user and system CPU time over the runs GNU time measured. */
export function medianCpu(runs: BuildRun[]): { user: number; sys: number } | undefined {
  const measured = runs.flatMap((run) => (run.cpuMs ? [run.cpuMs] : []));
  if (!measured.length) return undefined;
  return { user: Math.round(summarize(measured.map((c) => c.user))!.median), sys: Math.round(summarize(measured.map((c) => c.sys))!.median) };
}

export function formatPhases(phases: Record<string, number> | undefined): string {
  if (!phases) return 'n/a';
  return Object.entries(phases)
    .map(([name, ms]) => `${name} ${ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`}`)
    .join(', ');
}
