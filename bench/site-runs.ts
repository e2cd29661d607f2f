// One site of a full `npm run bench`: its cold builds (fewer when a site is slower than its
// allowance), builds with the cache, then what its last build weighs and what searching it costs
// (our site also: deploy and a first search on a slow phone), and the markdown parse alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { planFor, type Args, type Plan } from './args.ts';
import { coldBuild, tempOutDir, type BuildRun } from './cold-build.ts';
import { benchConfig } from './corpus.ts';
import { measureDeploy } from './extra/deploy.ts';
import { measureOwnFirstSearch } from './extra/first-search-run.ts';
import { measureParseFloor } from './extra/parse-floor.ts';
import { exportCommittedContent, folderBytes, ownProbeRoute, ownSite } from './own-site.ts';
import { measurePageWeight } from './page-weight.ts';
import { medianCpu, medianPhases } from './phases.ts';
import type { SiteResult } from './results.ts';
import { measureSearch } from './search-only.ts';
import { summarize } from './stats.ts';

export interface RunContext {
  root: string;
  corpusDir: string;
  args: Args;
  /** When the 10-minute envelope ends (Date.now() time). */
  deadline: number;
  notes: string[];
  /** Route of the page whose weight is measured (and edited in dev), per site id. */
  probes: Map<string, string>;
  log: (line: string) => void;
}

/**
 * Measures `sites[i]`. Returns our site's last build when the page types are still to measure
 * on it (the caller removes it); a failed build of our site adds a fallback site after it.
 */
export async function measureSite(sites: SiteResult[], i: number, ctx: RunContext): Promise<string | undefined> {
  const site = sites[i]!;
  const plan = planFor(site.generatedPages);
  const maxRuns = ctx.args.runs ?? plan.maxRuns;
  const kept = await timedColdBuilds(site, plan, maxRuns, ctx);
  const ok = site.build.runs.filter((r) => r.ok);
  site.build.wallMs = summarize(ok.map((r) => r.wallMs));
  site.build.phases = medianPhases(ok);
  site.build.cpuMs = medianCpu(ok);
  if (ok.length) await measureCachedBuilds(site, ctx.root, plan, ctx.deadline, ctx.log);
  site.build.peakRssMb = summarize(site.build.runs.flatMap((r) => (r.peakRssMb ? [r.peakRssMb] : [])));
  site.build.pagesBuilt = ok[0]?.pages;
  site.build.warnings = ok[0]?.warnings;
  const failed = site.build.runs.find((r) => !r.ok);
  if (failed) site.build.error = failed.error;
  if (ok.length && ok.length < 5) site.build.note = `${ok.length} run(s): ${ok.length < maxRuns ? 'the next run would have exceeded this size’s time allowance' : 'fewer runs planned for this size'}`;
  if (!kept && site.id === 'own') addCommittedPages(sites, i, ctx);
  if (!kept) {
    site.pageWeightError = 'no successful build to measure';
    site.search = { indexNote: 'no successful build to measure', queryNote: 'no successful build to measure' };
    return undefined;
  }
  return measureBuilt(site, kept, ctx);
}

/** Up to `maxRuns` cold builds, each in a fresh process; returns the output of the last one that succeeded. */
async function timedColdBuilds(site: SiteResult, plan: Plan, maxRuns: number, ctx: RunContext): Promise<string | undefined> {
  const siteStart = Date.now();
  let kept: string | undefined;
  for (let run = 0; run < maxRuns; run++) {
    const spent = Date.now() - siteStart;
    const last = site.build.runs.at(-1);
    if (run > 0 && (!last?.ok || spent + last.wallMs > plan.allowanceMs)) break;
    const left = ctx.deadline - Date.now();
    if (left < 20_000) {
      ctx.notes.push(`${site.label}: stopped after ${run} run(s) to stay inside the 10-minute envelope.`);
      break;
    }
    // In a temporary folder of its own: a build stopped at its time limit leaves its staging folder beside its output.
    const { outDir } = tempOutDir(`helpgen-bench-${site.id}-`);
    const result = await coldBuild({ helpgenRoot: ctx.root, siteDir: join(ctx.root, site.siteDir), outDir, strict: site.build.strict, timeoutMs: Math.min(plan.timeoutMs, left - 15_000) });
    site.build.runs.push(result);
    const cpu = result.cpuMs ? `, CPU ${(result.cpuMs.user / 1000).toFixed(2)} s user + ${(result.cpuMs.sys / 1000).toFixed(2)} s system` : '';
    ctx.log(`${site.label}: run ${run + 1}: ${(result.wallMs / 1000).toFixed(2)} s${cpu}, peak RSS ${result.peakRssMb?.toFixed(0) ?? '?'} MB${result.ok ? '' : ` — FAILED: ${result.error?.split('\n')[0]}`}`);
    if (result.ok) {
      if (kept) removeOutput(kept);
      kept = outDir;
    } else {
      removeOutput(outDir);
    }
  }
  return kept;
}

/**
 * Writers are mid-way through our pages: the working tree may hold a half-edited page, and the
 * config's navbar may point to pages not written yet. Our committed pages (git HEAD) are then
 * measured instead, with a minimal config that reports broken links as warnings, and labelled
 * as such wherever their figures are used.
 */
function addCommittedPages(sites: SiteResult[], i: number, ctx: RunContext): void {
  const site = sites[i]!;
  const dir = join(ctx.corpusDir, 'own-content');
  const commit = exportCommittedContent(ctx.root, dir, benchConfig({ lenient: true }));
  const copy = ownSite(dir);
  sites.splice(i + 1, 0, { ...copy, id: 'own-content', label: `our pages @${commit} (minimal config)`, siteDir: relative(ctx.root, dir) });
  ctx.probes.set('own-content', ownProbeRoute(dir));
  ctx.notes.push(`our site did not build (${(site.build.error ?? '').split('\n')[0]}); our committed pages (content/ at ${commit}, ${copy.markdownPages} pages) were built instead with a minimal config that reports broken links as warnings.`);
}

/** What a site's kept build weighs and costs to search (our site: also deploy and first search). */
async function measureBuilt(site: SiteResult, kept: string, ctx: RunContext): Promise<string | undefined> {
  const { args, root, deadline, log } = ctx;
  site.build.outputBytes = folderBytes(kept);
  if (args.deploy && site.id === 'own' && deadline - Date.now() > 60_000) {
    site.deploy = await measureDeploy({ helpgenRoot: root, siteDir: root, outDir: kept, rounds: 3 });
    log(`${site.label}: deploy ${site.deploy.error ?? `first ${site.deploy.first.requests} requests ${((site.deploy.first.wallMs?.median ?? 0) / 1000).toFixed(2)} s, no-change ${site.deploy.unchanged.requests} request(s) ${((site.deploy.unchanged.wallMs?.median ?? 0) / 1000).toFixed(2)} s`}`);
  }
  const route = ctx.probes.get(site.id)!;
  if (site.id === 'own' && deadline - Date.now() > 180_000) {
    Object.assign(site, await measureOwnFirstSearch(kept, route));
    log(`${site.label}: first search on a slow phone ${site.firstSearch?.error ?? `opens ${((site.firstSearch?.openedMs?.median ?? 0) / 1000).toFixed(2)} s after navigation (median)`}`);
  }
  try {
    site.pageWeight = measurePageWeight(kept, route);
  } catch (error) {
    site.pageWeightError = `page weight: ${(error as Error).message}`;
  }
  site.search = await measureSearch(root, kept, route, log);
  let keptForPageTypes: string | undefined;
  if (site.id === 'own' && args.lighthouse) keptForPageTypes = kept;
  else removeOutput(kept);
  // The floors under the build-time budgets: our site's cold build is checked against its bare
  // stack (issue 38); beside the 1,700-page budget, the floor says what the stack leaves of 8 s.
  if ((site.generatedPages ?? 0) <= 2000 && deadline - Date.now() > 60_000) {
    site.parseFloor = measureParseFloor(root, join(root, site.siteDir, 'content'), site.generatedPages && site.generatedPages > 200 ? 1 : 3);
    log(`${site.label}: markdown parse alone ${(site.parseFloor.wallMs.median / 1000).toFixed(2)} s in one cold thread`);
  }
  return keptForPageTypes;
}

/**
 * Rebuilds with helpgen's build cache: one build fills it (untimed), then up to three timed
 * builds of the unchanged site reuse it, as a writer's or CI's next build does. Skipped when a
 * cold build took so long that these would not fit the envelope.
 */
async function measureCachedBuilds(site: SiteResult, root: string, plan: Plan, deadline: number, log: (line: string) => void): Promise<void> {
  const cold = site.build.wallMs!.median;
  if (Date.now() + cold * 2 + 30_000 > deadline || cold > 60_000) return;
  const outDir = mkdtempSync(join(tmpdir(), `helpgen-bench-cached-${site.id}-`));
  try {
    const options = { helpgenRoot: root, siteDir: join(root, site.siteDir), outDir, strict: site.build.strict, timeoutMs: plan.timeoutMs, cache: true };
    const fill = await coldBuild(options);
    if (!fill.ok) return;
    const runs: BuildRun[] = [];
    for (let i = 0; i < 3 && Date.now() + cold + 20_000 < deadline; i++) runs.push(await coldBuild(options));
    site.build.cachedRuns = runs;
    site.build.cachedWallMs = summarize(runs.filter((r) => r.ok).map((r) => r.wallMs));
    if (site.build.cachedWallMs) log(`${site.label}: with the build cache ${(site.build.cachedWallMs.median / 1000).toFixed(2)} s (median of ${site.build.cachedWallMs.n})`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Removes an output folder made by tempOutDir, with the temporary folder around it. */
export function removeOutput(outDir: string): void {
  rmSync(join(outDir, '..'), { recursive: true, force: true });
}
