// The budgets of issue 37 on the page-type measures (./page-types.ts): a doc page read without
// interacting loads no more JavaScript than its eager script (the module scripts its HTML names
// and their static imports, gzip; 11.6 KB when the issue was filed), and Lighthouse's mobile
// performance is at least 95 on every page type.
import type { BudgetCheck } from '../budget-check.ts';
import { PAGE_TYPES, type PageTypesResult } from './page-types.ts';

/** The doc page's eager script when issue 37 was filed: the limit when the build's own figure is missing. */
export const DOC_EAGER_JS_KB = 11.6;
export const LIGHTHOUSE_FLOOR = 95;

/** Whether a budget row is one of these (its figure comes from the page-type measures, not the rest of the run). */
export const isPageTypeBudget = (id: string): boolean => id === 'eager-js-doc' || id.startsWith('lighthouse-');

const NOT_MEASURED = 'not measured: npm run bench -- --lighthouse-only';

export function pageTypeBudgets(result: PageTypesResult | undefined): BudgetCheck[] {
  const doc = result?.pages.find((p) => p.id === 'doc');
  const loaded = doc?.beforeInteraction;
  const eager = doc?.declaredEager;
  const extra = loaded && eager ? loaded.files.filter((f) => !eager.files.includes(f)) : [];
  // The limit is the eager script of the same build, so the budget holds whatever size that script
  // grows or shrinks to (page weight's eager-JS budget caps it) while nothing else loads.
  const limit = eager ? eager.gzip / 1000 : DOC_EAGER_JS_KB;
  const docNote = !result ? NOT_MEASURED : !loaded ? (doc?.jsError ?? 'not measured') : `${loaded.count} scripts${extra.length ? `; loaded beyond the eager script: ${extra.join(', ')}` : ''}${eager ? '' : `; no eager figure of this build, limit ${DOC_EAGER_JS_KB} KB from the issue`}`;
  const docRoute = doc?.route ?? PAGE_TYPES.find((t) => t.id === 'doc')!.route;
  const checks: BudgetCheck[] = [atMost('eager-js-doc', `doc page (${docRoute}): JS loaded before any interaction no more than its eager script, gzip (${DOC_EAGER_JS_KB} KB when issue 37 was filed)`, limit, loaded && loaded.gzip / 1000, docNote)];
  for (const type of PAGE_TYPES) {
    const page = result?.pages.find((p) => p.id === type.id);
    const lh = page?.lighthouse;
    const note = !result ? NOT_MEASURED : lh?.error ?? (lh ? `median of ${lh.runs.filter((r) => r.score !== undefined).length}; TBT ${lh.tbtMs?.toFixed(0)} ms, LCP ${((lh.lcpMs ?? 0) / 1000).toFixed(2)} s` : 'not measured');
    checks.push(atLeast(`lighthouse-${type.id}`, `${type.label}: Lighthouse mobile performance at least ${LIGHTHOUSE_FLOOR}`, LIGHTHOUSE_FLOOR, lh?.score, note));
  }
  return checks;
}

function atMost(id: string, budget: string, limit: number, measured: number | undefined, note: string): BudgetCheck {
  if (measured === undefined) return { id, budget, limit, unit: 'KB', note };
  return { id, budget, limit, unit: 'KB', measured, ratio: measured / limit, holds: measured <= limit, note };
}

/** A floor, not a ceiling: `ratio` is limit ÷ measured, so under 1 still holds. */
function atLeast(id: string, budget: string, limit: number, measured: number | undefined, note: string): BudgetCheck {
  if (measured === undefined) return { id, budget, limit, unit: 'score', note };
  return { id, budget, limit, unit: 'score', measured, ratio: measured === 0 ? Infinity : limit / measured, holds: measured >= limit, note };
}
