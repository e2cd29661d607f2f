// The budgets of issue 7 (builds, page weight, search) checked against measured figures, with
// issue 38's (./scale-budgets.ts) and those of the measures in ./extra/
// (./extra/extra-budgets.ts, ./extra/page-type-budgets.ts).
// KB and GB are decimal (1 KB = 1,000 bytes), which is the stricter reading of the issue.
import { existsSync, readFileSync } from 'node:fs';
import { check, type BudgetCheck } from './budget-check.ts';
import { extraBudgets } from './extra/extra-budgets.ts';
import { addedAt, keepEarlier } from './extra/kept-results.ts';
import { isPageTypeBudget, pageTypeBudgets } from './extra/page-type-budgets.ts';
import type { HugeResult } from './extra/huge.ts';
import type { PageTypesResult } from './extra/page-types.ts';
import type { PeerResult } from './extra/peer.ts';
import type { Results, SiteResult } from './results.ts';
import { HUGE_BUDGET_IDS, scaleBudgets } from './scale-budgets.ts';

const kb = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / 1000);

/**
 * A build that was stopped (time limit) or crashed before finishing still tells us something:
 * if it had already run longer, or used more memory, than the budget allows, the budget fails
 * and the figure is a lower bound.
 */
function buildCheck(id: string, budget: string, limit: number, unit: 'ms' | 'MB', site: SiteResult | undefined, pick: (s: SiteResult) => number | undefined): BudgetCheck {
  const measured = site ? pick(site) : undefined;
  if (measured !== undefined || !site) return check(id, budget, limit, unit, measured, undefined, false);
  const runs = site.build.runs.filter((r) => !r.ok);
  const bound = Math.max(0, ...runs.map((r) => (unit === 'ms' ? r.wallMs : (r.peakRssMb ?? 0))));
  const why = `build did not finish: ${(site.build.error ?? 'unknown').split('\n')[0]}`;
  if (bound > limit) return { ...check(id, budget, limit, unit, bound, `${why}; the figure is a lower bound`, false), holds: false };
  return check(id, budget, limit, unit, undefined, why, false);
}

/** Every budget, checked against the figures of `sites` and of the measures in ./extra/. */
export function checkBudgets(sites: SiteResult[], peer?: PeerResult, pageTypes?: PageTypesResult, huge?: HugeResult): BudgetCheck[] {
  // When our site's config does not build yet (pages still being written), the figures that
  // depend on content, not on the navbar, come from our content built with a minimal config.
  const ownReal = sites.find((s) => s.id === 'own');
  const fallback = ownReal?.build.wallMs === undefined ? sites.find((s) => s.id === 'own-content') : undefined;
  const own = fallback ?? ownReal;
  const via = fallback ? ` [measured on ${fallback.label}]` : '';
  const s1700 = sites.find((s) => s.generatedPages === 1700);
  const s8500 = sites.find((s) => s.generatedPages === 8500);
  const checks: BudgetCheck[] = [
    buildCheck('build-1700', '1,700 pages: build under 8 s (median)', 8000, 'ms', s1700, (s) => s.build.wallMs?.median),
    buildCheck('build-8500', '8,500 pages: build under 45 s (median)', 45000, 'ms', s8500, (s) => s.build.wallMs?.median),
    buildCheck('rss-8500', '8,500 pages: peak memory under 1.5 GB', 1500, 'MB', s8500, (s) => (s.build.wallMs ? s.build.peakRssMb?.max : undefined)),
    // Issue 38: a warm build after an edit, memory, time per page and Hugo at the larger sizes.
    ...scaleBudgets(sites, peer, huge),
  ];
  // Sites without a finished build have no page to weigh; their build rows say why.
  for (const site of sites.filter((s) => s.build.wallMs !== undefined)) {
    const w = site.pageWeight;
    checks.push(
      check(`js-${site.id}`, `${site.label}: first view (eager) JS at most 20 KB gzip`, 20, 'KB', kb(w?.js.gzip), site.pageWeightError),
      check(`css-${site.id}`, `${site.label}: first view CSS at most 25 KB gzip`, 25, 'KB', kb(w?.css.gzip), site.pageWeightError),
      check(`blocking-${site.id}`, `${site.label}: no render-blocking script but the inline theme script`, 0, 'count', w ? w.blockingScripts.length + Math.max(0, w.inlineScriptBytes.length - 1) : undefined, site.pageWeightError),
      check(`theme-script-${site.id}`, `${site.label}: inline theme script under 1 KB`, 1, 'KB', w ? kb(Math.max(0, ...w.inlineScriptBytes)) : undefined, site.pageWeightError, false),
      check(`query-p95-${site.id}`, `${site.label}: search p95 query under 5 ms`, 5, 'ms', site.search?.queries?.p95Ms, site.search?.queryNote, false),
    );
  }
  checks.push(
    check('query-p95-1700-issue18', '1,700 pages: search query p95 at most 5 ms (warm engine)', 5, 'ms', s1700?.search?.queries?.p95Ms, s1700?.search?.queryNote),
    check('query-p95-8500', '8,500 pages: search query p95 at most 10 ms (warm engine)', 10, 'ms', s8500?.search?.queries?.p95Ms, s8500?.search?.queryNote),
    check('index-own', `our site: search index at most 150 KB gzip${via}`, 150, 'KB', kb(own?.search?.index?.gzip), own?.search?.indexNote),
    // Issue 18, item 2: "our site's total index no larger than today's": every index file, each
    // gzip-compressed on its own, against the format at filing (f243f40: index 114.9 KB + 168
    // fragments 298.3 KB, on the content of 2026-11-27).
    check('index-total-own', `our site: total search index at most 413 KB gzip (at filing, on today's content)${via}`, 413, 'KB', kb(own?.search?.total?.gzip), own?.search?.indexNote),
    ...growthChecks(sites.find((s) => s.generatedPages === 170), [s1700, s8500]),
    ...extraBudgets(sites, own, via, peer),
    // Issue 37: JavaScript before any interaction, and Lighthouse's mobile score, per page type.
    ...pageTypeBudgets(pageTypes),
  );
  return checks;
}

/**
 * The probe page is the same markdown at every size, so its HTML outside the sidebar may only
 * differ by its prev/next titles (5 % allows that); with the sidebar, which carries the top
 * level and the page's own branch, at most 1.5 times the 170-page site's page (issue 19).
 */
function growthChecks(s170: SiteResult | undefined, larger: (SiteResult | undefined)[]): BudgetCheck[] {
  const base = s170?.pageWeight?.htmlWithoutSidebar.raw;
  const wholeBase = s170?.pageWeight?.html.raw;
  return larger.flatMap((site) => {
    if (!site) return [];
    const w = site.pageWeight?.htmlWithoutSidebar.raw;
    const whole = site.pageWeight?.html.raw;
    const noBase = 'no 170-page figure to compare with';
    return [
      check(`growth-${site.id}`, `${site.label}: probe page HTML outside the sidebar within 5 % of the 170-page site`, 1.05, 'ratio', base && w ? w / base : undefined, site.pageWeightError ?? (base ? undefined : noBase)),
      check(`page-html-${site.id}`, `${site.label}: probe page HTML (raw, sidebar included) at most 1.5 times the 170-page site's`, 1.5, 'ratio', wholeBase && whole ? whole / wholeBase : undefined, site.pageWeightError ?? (wholeBase ? undefined : noBase)),
    ];
  });
}

/**
 * The budgets checked again after part of the results was measured anew (--add, --search-only),
 * the side-by-side runs' included, each with the figure it had in `previous` (see withBefore).
 */
export function recheckBudgets(results: Results, previous: Results): void {
  results.budgets = checkBudgets(results.sites, results.peer, results.pageTypes, results.huge);
  withBefore(results, previous);
}

/**
 * A full run's last step before it writes `file`: keeps what this run did not measure from the
 * results file it replaces (./extra/kept-results.ts), then checks every budget, so the rows of
 * the very large site read its kept record when --huge did not run, and gives each its before.
 */
export function settleResults(results: Results, file: string): void {
  keepEarlier(results, file);
  results.budgets = checkBudgets(results.sites, results.peer, results.pageTypes, results.huge);
  withBefore(results, file);
}

/**
 * Each budget row keeps the figure of the results file it replaces as `before` (a row that
 * was not measured again keeps the `before` it had), so results.json shows before and after.
 * A row the old file does not have (a budget added since) is checked against the old file's
 * figures, so a new budget shows from its first run what it replaced.
 */
export function withBefore(results: Results, previous: Results | string): void {
  const old = typeof previous === 'string' ? readResults(previous) : previous;
  if (!old) return;
  let oldRows: BudgetCheck[] | undefined;
  for (const row of results.budgets) {
    const was = old.budgets.find((b) => b.id === row.id) ?? (oldRows ??= recheckOld(old)).find((b) => b.id === row.id);
    if (was?.measured === undefined) continue;
    const measuredAt = measuredWhen(old, row.id);
    row.before = was.measured === row.measured && was.before ? was.before : { measured: was.measured, commit: measuredAt.commit, date: measuredAt.date };
  }
}

function readResults(file: string): Results | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return undefined;
  }
}

/** The budgets of today checked against an old file's figures; none when its shape is too old to read. */
function recheckOld(old: Results): BudgetCheck[] {
  try {
    return checkBudgets(old.sites ?? [], old.peer, old.pageTypes, old.huge);
  } catch {
    return [];
  }
}

/**
 * When a row's figure in `old` was measured: the page types may have been measured on their
 * own (--lighthouse-only), the side-by-side runs and the very large site added (--add), each
 * at another commit than the rest of the file.
 */
function measuredWhen(old: Results, id: string): { commit: string; date: string } {
  if (isPageTypeBudget(id) && old.pageTypes) return old.pageTypes;
  const added = HUGE_BUDGET_IDS.includes(id) ? addedAt(old, 'huge') : /^(peer-)?hugo-/.test(id) ? addedAt(old, 'peer') : undefined;
  return added ?? old;
}
