// The budgets of issue 7 (and the dev budget of issue 6), checked against measured figures.
// KB and GB are decimal (1 KB = 1,000 bytes), which is the stricter reading of the issue.
import type { SiteResult } from './report.ts';

export interface BudgetCheck {
  id: string;
  budget: string;
  limit: number;
  unit: 'ms' | 'MB' | 'KB' | 'count' | 'ratio';
  /** undefined when the figure could not be measured (then `holds` is undefined too). */
  measured?: number;
  /** measured / limit: under 1 holds. */
  ratio?: number;
  holds?: boolean;
  note?: string;
}

function check(id: string, budget: string, limit: number, unit: BudgetCheck['unit'], measured: number | undefined, note?: string, inclusive = true): BudgetCheck {
  if (measured === undefined || Number.isNaN(measured)) return { id, budget, limit, unit, note: note ?? 'not measured' };
  const holds = inclusive ? measured <= limit : measured < limit;
  return { id, budget, limit, unit, measured, ratio: limit === 0 ? (measured === 0 ? 0 : Infinity) : measured / limit, holds, note };
}

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

/** An edit that got no reload event in time fails the budget with the timeout as lower bound. */
function devCheck(id: string, budget: string, limit: number, site: SiteResult | undefined): BudgetCheck {
  const dev = site?.dev;
  if (dev?.timeouts && !dev.saveToReload) {
    const bound = Number(/within (\d+) s/.exec(dev.reason ?? '')?.[1] ?? 0) * 1000;
    return { ...check(id, budget, limit, 'ms', bound, `${dev.reason}; the figure is a lower bound`), holds: false };
  }
  const median = dev?.saveToReload?.median;
  return check(id, budget, limit, 'ms', median, median === undefined ? (dev?.reason ?? 'not measured') : dev?.reason);
}

export function checkBudgets(sites: SiteResult[]): BudgetCheck[] {
  // When our site's config does not build yet (pages still being written), the figures that
  // depend on content, not on the navbar, come from our content built with a minimal config.
  const ownReal = sites.find((s) => s.id === 'own');
  const fallback = ownReal?.build.wallMs === undefined ? sites.find((s) => s.id === 'own-content') : undefined;
  const own = fallback ?? ownReal;
  const via = fallback ? ` [measured on ${fallback.label}]` : '';
  const bySize = (pages: number) => sites.find((s) => s.generatedPages === pages);
  const s170 = bySize(170);
  const s1700 = bySize(1700);
  const s8500 = bySize(8500);
  const failNote = (s: SiteResult | undefined) => (s?.build.error ? `build did not finish: ${s.build.error.split('\n')[0]}` : undefined);
  const checks: BudgetCheck[] = [
    check('build-own', `our site: full build under 1.5 s (median)${via}`, 1500, 'ms', own?.build.wallMs?.median, failNote(own), false),
    buildCheck('build-1700', '1,700 pages: build under 8 s (median)', 8000, 'ms', s1700, (s) => s.build.wallMs?.median),
    buildCheck('build-8500', '8,500 pages: build under 45 s (median)', 45000, 'ms', s8500, (s) => s.build.wallMs?.median),
    buildCheck('rss-8500', '8,500 pages: peak memory under 1.5 GB', 1500, 'MB', s8500, (s) => (s.build.wallMs ? s.build.peakRssMb?.max : undefined)),
    devCheck('dev-own', `dev: save-to-reload median at most 100 ms on our site${via}`, 100, own),
    devCheck('dev-1700', 'dev (issue 6): save-to-reload median at most 300 ms at 1,700 pages (budget is for 2,000)', 300, s1700),
  ];
  // Sites without a finished build have no page to weigh; their build rows say why.
  for (const site of sites.filter((s) => s.build.wallMs !== undefined)) {
    const w = site.pageWeight;
    checks.push(
      check(`js-${site.id}`, `${site.label}: first view JS at most 90 KB gzip`, 90, 'KB', kb(w?.js.gzip), site.pageWeightError),
      check(`css-${site.id}`, `${site.label}: first view CSS at most 25 KB gzip`, 25, 'KB', kb(w?.css.gzip), site.pageWeightError),
      check(`blocking-${site.id}`, `${site.label}: no render-blocking script but the inline theme script`, 0, 'count', w ? w.blockingScripts.length + Math.max(0, w.inlineScriptBytes.length - 1) : undefined, site.pageWeightError),
      check(`theme-script-${site.id}`, `${site.label}: inline theme script under 1 KB`, 1, 'KB', w ? kb(Math.max(0, ...w.inlineScriptBytes)) : undefined, site.pageWeightError, false),
      check(`query-p95-${site.id}`, `${site.label}: search p95 query under 5 ms`, 5, 'ms', site.search?.queries?.p95Ms, site.search?.queryNote, false),
    );
  }
  checks.push(check('index-own', `our site: search index at most 150 KB gzip${via}`, 150, 'KB', kb(own?.search?.index?.gzip), own?.search?.indexNote));
  // "A page's weight must not grow with the size of the site beyond its own sidebar": the
  // probe page is the same markdown at every size, so its HTML outside the sidebar may only
  // differ by its prev/next titles. 5 % allows that.
  const base = s170?.pageWeight?.htmlWithoutSidebar.raw;
  // Issue 19: the whole page, sidebar included, grows only with its own branch (a page carries
  // the top level of the sidebar and the categories it is in): at most 1.5 times the 170-page
  // site's page.
  const wholeBase = s170?.pageWeight?.html.raw;
  for (const site of [s1700, s8500]) {
    if (!site) continue;
    const w = site.pageWeight?.htmlWithoutSidebar.raw;
    const whole = site.pageWeight?.html.raw;
    const noBase = wholeBase ? undefined : 'no 170-page figure to compare with';
    checks.push(
      check(`growth-${site.id}`, `${site.label}: probe page HTML outside the sidebar within 5 % of the 170-page site`, 1.05, 'ratio', base && w ? w / base : undefined, site.pageWeightError ?? (base ? undefined : 'no 170-page figure to compare with')),
      check(`page-html-${site.id}`, `${site.label}: probe page HTML (raw, sidebar included) at most 1.5 times the 170-page site's`, 1.5, 'ratio', wholeBase && whole ? whole / wholeBase : undefined, site.pageWeightError ?? noBase),
    );
  }
  return checks;
}
