// Summary statistics. Medians and percentiles, never means: these machines are noisy and one
// slow run (a GC pause, another job on the box) should not move the headline figure.

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
}

export function summarize(values: number[]): Summary | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, median: percentile(sorted, 50), min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** Percentile with linear interpolation between closest ranks; `sorted` must be ascending. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
