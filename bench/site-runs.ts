// One site of a full `npm run bench`: its cold builds (fewer when a site is slower than its
// allowance), builds with the cache (unchanged, and after a one-page edit), then what its last
// build weighs and what searching it costs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planFor, type Plan, type RunContext } from './args.ts';
import { coldBuild, medianCpu, medianPhases, RemovedLater, tempOutDir, type BuildRun } from './cold-build.ts';
import { editedLine, measureEditedBuilds } from './edited-builds.ts';
import { measureCheckoutBuilds } from './checkout-builds.ts';
import { measureFloor, measureOwnBuild } from './extra/in-full-run.ts';
import { addCommittedPages } from './extra/own-content.ts';
import { addSearchTransfer } from './extra/search-transfer.ts';
import { outputCounts } from './output-size.ts';
import { measurePageWeight } from './page-weight.ts';
import type { SiteResult } from './results.ts';
import { measureSearch } from './search.ts';
import { summarize } from './stats.ts';

/**
 * Measures `sites[i]`. Returns our site's last build when the page types are still to measure
 * on it (the caller removes it); a failed build of our site adds a fallback site after it. The
 * other outputs of its cold builds are removed once everything of the site is measured, not
 * between two timed builds (RemovedLater).
 */
export async function measureSite(sites: SiteResult[], i: number, ctx: RunContext): Promise<string | undefined> {
  const removed = new RemovedLater();
  try {
    return await measureSiteLeavingOutputs(sites, i, ctx, removed);
  } finally {
    removed.removeAll();
  }
}

async function measureSiteLeavingOutputs(sites: SiteResult[], i: number, ctx: RunContext, removed: RemovedLater): Promise<string | undefined> {
  const site = sites[i]!;
  const plan = planFor(site.generatedPages);
  const maxRuns = ctx.args.runs ?? plan.maxRuns;
  const kept = await timedColdBuilds(site, plan, maxRuns, ctx, removed);
  const ok = site.build.runs.filter((r) => r.ok);
  site.build.wallMs = summarize(ok.map((r) => r.wallMs));
  site.build.phases = medianPhases(ok);
  site.build.cpuMs = medianCpu(ok);
  if (ok.length) await measureCachedBuilds(site, ctx, plan);
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
  return measureBuilt(site, kept, ctx, removed);
}

/** Up to `maxRuns` cold builds, each in a fresh process; returns the output of the last one that succeeded, and gives `removed` the others. */
async function timedColdBuilds(site: SiteResult, plan: Plan, maxRuns: number, ctx: RunContext, removed: RemovedLater): Promise<string | undefined> {
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
    const outDir = tempOutDir(`helpgen-bench-${site.id}-`);
    const result = await coldBuild({ helpgenRoot: ctx.root, siteDir: join(ctx.root, site.siteDir), outDir, strict: site.build.strict, timeoutMs: Math.min(plan.timeoutMs, left - 15_000) });
    site.build.runs.push(result);
    const cpu = result.cpuMs ? `, CPU ${(result.cpuMs.user / 1000).toFixed(2)} s user + ${(result.cpuMs.sys / 1000).toFixed(2)} s system` : '';
    ctx.log(`${site.label}: run ${run + 1}: ${(result.wallMs / 1000).toFixed(2)} s${cpu}, peak RSS ${result.peakRssMb?.toFixed(0) ?? '?'} MB${result.ok ? '' : ` — FAILED: ${result.error?.split('\n')[0]}`}`);
    if (!result.ok) removed.addOutput(outDir);
    else {
      if (kept) removed.addOutput(kept);
      kept = outDir;
    }
  }
  return kept;
}

/** What a site's kept build weighs and costs to search (and, on our site, the extras of a full run). */
async function measureBuilt(site: SiteResult, kept: string, ctx: RunContext, removed: RemovedLater): Promise<string | undefined> {
  site.build.outputBytes = outputCounts(kept).outputBytes;
  await measureOwnBuild(site, kept, ctx);
  const route = ctx.probes.get(site.id)!;
  try {
    site.pageWeight = measurePageWeight(kept, route);
  } catch (error) {
    site.pageWeightError = `page weight: ${(error as Error).message}`;
  }
  site.search = await measureSearch(kept, route);
  await addSearchTransfer(site.search, kept, route, ctx.log);
  const keptForPageTypes = site.id === 'own' && ctx.args.lighthouse ? kept : undefined;
  if (!keptForPageTypes) removed.addOutput(kept);
  measureFloor(site, ctx);
  return keptForPageTypes;
}

/**
 * Rebuilds with helpgen's build cache: one build fills it (untimed), then, on a generated site, up
 * to three timed builds after a one-page edit that update the output in place
 * (./edited-builds.ts), up to three CI builds after the same edit (./checkout-builds.ts: a fresh
 * checkout and no output folder), both issue 38's budgets, then (after an untimed build that
 * takes the page written back) up to three of the unchanged site, as a writer's next build
 * does. The edits come first: when the envelope runs short, the informative unchanged rebuilds
 * are the runs left out, not the budgets' (a slow machine once lost the 8,500-page edit row that
 * way). Skipped when a cold build took so long that these would not fit the envelope.
 */
export async function measureCachedBuilds(site: SiteResult, ctx: RunContext, plan: Plan): Promise<void> {
  const { root, deadline, log } = ctx;
  const cold = site.build.wallMs!.median;
  if (Date.now() + cold * 2 + 30_000 > deadline || cold > 60_000) return;
  const outDir = mkdtempSync(join(tmpdir(), `helpgen-bench-cached-${site.id}-`));
  try {
    const options = { helpgenRoot: root, siteDir: join(root, site.siteDir), outDir, strict: site.build.strict, timeoutMs: plan.timeoutMs, cache: true };
    const fill = await coldBuild(options);
    if (!fill.ok) return;
    // Our site's pages are the writers': never edited here. The page written back after the
    // edits is new to the cache again: one untimed build takes it, so the next runs are unchanged.
    if (site.generatedPages !== undefined && (await measureEditedSite(site, ctx, () => coldBuild(options)))) await coldBuild(options);
    // CI builds write other folders: one untimed build then updates this one again, as before.
    if (site.generatedPages !== undefined && (await measureCheckoutSite(site, ctx, (out) => coldBuild({ ...options, outDir: out })))) await coldBuild(options);
    const runs: BuildRun[] = [];
    for (let i = 0; i < 3 && Date.now() + cold + 20_000 < deadline; i++) runs.push(await coldBuild(options));
    site.build.cachedRuns = runs;
    site.build.cachedWallMs = summarize(runs.filter((r) => r.ok).map((r) => r.wallMs));
    if (site.build.cachedWallMs) log(`${site.label}: with the build cache ${(site.build.cachedWallMs.median / 1000).toFixed(2)} s (median of ${site.build.cachedWallMs.n})`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** CI builds after a one-page edit of a generated site: a fresh checkout, the cache restored, no output folder. */
async function measureCheckoutSite(site: SiteResult, ctx: RunContext, build: (outDir: string) => Promise<BuildRun>): Promise<boolean> {
  const cold = site.build.wallMs!.median;
  const ci = await measureCheckoutBuilds({ siteDir: join(ctx.root, site.siteDir), probeRoute: ctx.probes.get(site.id), coldMs: cold, deadline: ctx.deadline, build });
  if (!ci) return false;
  site.build.checkoutRuns = ci.runs;
  site.build.checkoutWallMs = ci.wallMs;
  site.build.checkoutRatio = ci.wallMs && ci.wallMs.median / cold;
  site.build.checkoutCopyMs = ci.copyMs;
  ctx.log(`${site.label}: a CI build after the same edit (fresh checkout, build cache restored, no output folder) ${editedLine(ci, cold)}`);
  if (ci.copyMs) ctx.log(`${site.label}: its output copied alone into an empty folder ${(ci.copyMs.median / 1000).toFixed(2)} s (median of ${ci.copyMs.n})`);
  return true;
}

/** Builds after a one-page edit of a generated site, with the cache the fill build left. */
async function measureEditedSite(site: SiteResult, ctx: RunContext, build: () => Promise<BuildRun>): Promise<boolean> {
  const cold = site.build.wallMs!.median;
  const edited = await measureEditedBuilds({ siteDir: join(ctx.root, site.siteDir), probeRoute: ctx.probes.get(site.id), coldMs: cold, deadline: ctx.deadline, build });
  if (!edited) return false;
  site.build.editedPage = edited.page;
  site.build.editedRuns = edited.runs;
  site.build.editedWallMs = edited.wallMs;
  site.build.editedRatio = edited.wallMs && edited.wallMs.median / cold;
  ctx.log(`${site.label}: with the build cache after a one-page edit (${edited.page}) ${editedLine(edited, cold)}`);
  return true;
}
