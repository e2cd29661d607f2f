// One budget row of bench/results.json and how a measured figure is checked against its limit:
// a module of its own, so the budget lists (./budgets.ts, ./extra/page-type-budgets.ts) and the
// results' shape can name it without importing each other.

export interface BudgetCheck {
  id: string;
  budget: string;
  limit: number;
  unit: 'ms' | 'MB' | 'KB' | 'count' | 'ratio' | 'score';
  /** undefined when the figure could not be measured (then `holds` is undefined too). */
  measured?: number;
  /** measured / limit (limit / measured for a floor such as a score): under 1 holds. */
  ratio?: number;
  holds?: boolean;
  note?: string;
  /**
   * Recorded beside a budget, not one itself (the same limit at another size, say): `holds` is
   * left out, and the report marks the row "info".
   */
  informative?: true;
  /** The figure in the results file this run replaced, and the commit it was measured at. */
  before?: { measured: number; commit: string; date: string };
}

export function check(id: string, budget: string, limit: number, unit: BudgetCheck['unit'], measured: number | undefined, note?: string, inclusive = true): BudgetCheck {
  if (measured === undefined || Number.isNaN(measured)) return { id, budget, limit, unit, note: note ?? 'not measured' };
  const holds = inclusive ? measured <= limit : measured < limit;
  return { id, budget, limit, unit, measured, ratio: limit === 0 ? (measured === 0 ? 0 : Infinity) : measured / limit, holds, note };
}

/** `row` as a figure to read beside the budgets (see BudgetCheck.informative): it neither holds nor fails. */
export function informative(row: BudgetCheck): BudgetCheck {
  const { holds: _holds, ...rest } = row;
  return { ...rest, informative: true };
}
