// `npm run bench`: generates the corpora, builds our site and each generated size cold in
// fresh child processes, measures page weight, search and dev rebuilds, prints a table and
// writes bench/results.json. Runs are fitted into a 10-minute envelope on a 2-core machine:
// each site gets a time allowance, and a site that is slower than its allowance gets fewer
// runs (at least one), which results.json records. The modes that measure one thing on their
// own (--deploy-only, --search-only …) and the long runs (--peer, --huge) are in ./extra/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem, type as osType, release } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs, planFor, USAGE_TEXT, type Args } from './args.ts';
import { copyOwnSite, gitCommit, ownProbeRoute, ownSite } from './own-site.ts';
import { checkBudgets, withBefore } from './budgets.ts';
import { keepEarlierHuge, keepEarlierPageTypes, keepEarlierPatches } from './kept-results.ts';
import { generateCorpus, writeCorpus } from './corpus.ts';
import { coldBuild, hasGnuTime } from './cold-build.ts';
import { searchOnly } from './search-only.ts';
import { QUERIES } from './queries.ts';
import { formatTable } from './report.ts';
import { writeReadmeResults } from './readme-results.ts';
import type { Results, SiteResult } from './results.ts';
import { measureSite, removeOutput, type RunContext } from './site-runs.ts';
import { addToResults, measureExtras, type ExtraRunOptions } from './extra/add-to-results.ts';
import { deployOnly } from './extra/deploy-only.ts';
import { measureDev } from './extra/dev.ts';
import { FIRST_SEARCH_RUNS, firstSearchOnly } from './extra/first-search-run.ts';
import { traceFirstResults } from './extra/first-results-trace.ts';
import { lighthouseOnly, measurePageTypes } from './extra/page-types-run.ts';
import type { PageTypesResult } from './extra/page-types.ts';
import { profileBuild } from './extra/profile-run.ts';

const SEED = 7;
/** Whole benchmark must end inside 10 minutes; keep a margin for reporting and clean-up. */
const ENVELOPE_MS = 9 * 60_000;

const log = (line: string): void => {
  process.stdout.write(line + '\n');
};

export async function main(argv: string[], root: string): Promise<void> {
  const args = parseArgs(argv, root);
  const corpusDir = join(root, 'bench', '.corpus');
  if (args.help) return log(USAGE_TEXT);
  if (args.profile) return profileBuild(root, corpusDir, args.profile, SEED);
  if (args.traceFirstResults) return traceFirstResults(args.traceFirstResults.route, args.traceFirstResults.dirs, args.runs ?? 5);
  // The README shows the figures of bench/results.json, not those of a file elsewhere (--out).
  const ownResults = args.out === join(root, 'bench', 'results.json');
  if (args.readme && !ownResults) throw new Error(`--readme writes the figures of bench/results.json into bench/README.md; leave out --out ${args.out}`);
  if (!args.readme) await measure(root, corpusDir, args);
  if (ownResults) {
    writeReadmeResults(join(root, 'bench', 'README.md'), JSON.parse(readFileSync(args.out, 'utf8')) as Results);
    log('wrote the figures into bench/README.md');
  }
}

/** The mode asked for, or a full run; each writes the results file. */
async function measure(root: string, corpusDir: string, args: Args): Promise<void> {
  if (args.deployOnly) return deployOnly(root, args.out, gitCommit(root));
  if (args.searchOnly) return searchOnly({ root, corpusDir, sizes: args.sizes, own: args.own, out: args.out, seed: SEED, ownRoute: ownProbeRoute(root), commit: gitCommit(root) });
  if (args.firstSearchOnly) return firstSearchOnly({ root, out: args.out, runs: args.runs ?? FIRST_SEARCH_RUNS, baseline: args.baseline, route: ownProbeRoute(root), commit: gitCommit(root) });
  if (args.lighthouseOnly) return lighthouseOnly({ root, out: args.out, commit: gitCommit(root), runs: args.runs, scriptsOnly: args.scriptsOnly });
  if (args.add) return addToResults(args.out, extraOptions(root, corpusDir, args));
  return fullRun(root, corpusDir, args);
}

function extraOptions(root: string, corpusDir: string, args: Args): ExtraRunOptions {
  return { root, corpusDir, seed: SEED, peer: args.peer, peerSizes: args.peerSizes, peerPairs: args.peerPairs, huge: args.huge, hugeTimeoutMin: args.hugeTimeoutMin, log };
}

async function fullRun(root: string, corpusDir: string, args: Args): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const ctx: RunContext = { root, corpusDir, args, deadline: Date.now() + ENVELOPE_MS, notes: [], probes: new Map(), log };
  if (loadAtStart > cpus().length) {
    ctx.notes.push(`the machine was busy when the benchmark started (1-minute load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores): times are inflated by other work.`);
  }
  if (!hasGnuTime()) ctx.notes.push('/usr/bin/time is missing: peak RSS is the VmHWM high-water mark sampled from /proc every 25 ms.');

  // 1. Our own site, then the generated sizes, each written fresh from the seed.
  const sites = planSites(ctx);
  // 2. One untimed build compiles the CLI bundle and the client assets into node_modules/.cache,
  // as the first build after `npm install` does; every timed run after it is a fresh process.
  await warmUp(sites, ctx);
  // 3. Cold builds, page weight, search index and queries per site.
  // Indexed loop: a failed build of our site adds a fallback site right after it.
  let ownOut: string | undefined;
  for (let i = 0; i < sites.length; i++) ownOut = (await measureSite(sites, i, ctx)) ?? ownOut;
  // 4. Dev: our site (issue 6 budget: 100 ms) and the 1,700-page site (300 ms at 2,000 pages).
  if (args.dev) await measureDevSites(sites, ctx);
  // 5. Page types of our site (issue 37): a few minutes of Lighthouse runs, on top of the envelope.
  const pageTypes = ownOut ? await measureOwnPageTypes(ownOut, ctx) : undefined;
  const { peer, huge } = await measureExtras(extraOptions(root, corpusDir, args));

  const results: Results = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: { model: cpus()[0]?.model ?? 'unknown', cores: cpus().length },
    memoryTotalMb: Math.round(totalmem() / 1e6),
    os: `${osType()} ${release()}`,
    loadAverage: { start: Math.round(loadAtStart * 100) / 100, end: Math.round(loadavg()[0]! * 100) / 100 },
    commit: gitCommit(root),
    settings: runSettings(args, sites),
    durationS: Math.round((performance.now() - started) / 100) / 10,
    sites,
    peer,
    huge,
    pageTypes,
    budgets: checkBudgets(sites, peer, pageTypes),
    notes: ctx.notes,
  };
  if (!huge) keepEarlierHuge(results, args.out);
  if (!pageTypes) keepEarlierPageTypes(results, args.out);
  keepEarlierPatches(results, args.out);
  withBefore(results, args.out);
  mkdirSync(join(args.out, '..'), { recursive: true });
  writeFileSync(args.out, JSON.stringify(results, null, 2) + '\n');
  log('');
  log(formatTable(results));
  log(`\nwrote ${relative(process.cwd(), args.out)} in ${results.durationS} s`);
}

/** Our site and each generated size (written fresh from the seed), with the page each is probed at. */
function planSites(ctx: RunContext): SiteResult[] {
  const { root, corpusDir, args } = ctx;
  const sites: SiteResult[] = [];
  if (args.own) {
    sites.push(ownSite(root));
    ctx.probes.set('own', ownProbeRoute(root));
  }
  for (const size of args.sizes) {
    const t0 = performance.now();
    const siteDir = join(corpusDir, `site-${size}`);
    const corpus = generateCorpus({ pages: size, seed: SEED });
    writeCorpus(siteDir, corpus);
    log(`generated ${corpus.pages} pages (${corpus.folders} folders, ${Math.round(corpus.markdownBytes / corpus.pages)} bytes/page) in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${relative(root, siteDir)}`);
    sites.push({
      id: `gen-${size}`,
      label: `${size.toLocaleString('en-US')} pages`,
      siteDir: relative(root, siteDir),
      generatedPages: size,
      markdownPages: corpus.pages,
      markdownBytes: corpus.markdownBytes,
      build: { strict: true, runs: [] },
    });
    ctx.probes.set(`gen-${size}`, corpus.probe.route);
  }
  return sites;
}

async function warmUp(sites: SiteResult[], ctx: RunContext): Promise<void> {
  const warm = sites.find((s) => s.generatedPages === Math.min(...ctx.args.sizes)) ?? sites[0];
  if (!warm) return;
  const out = mkdtempSync(join(tmpdir(), 'helpgen-bench-warm-'));
  const run = await coldBuild({ helpgenRoot: ctx.root, siteDir: join(ctx.root, warm.siteDir), outDir: out, strict: false, timeoutMs: 120_000 });
  log(`warm-up build of ${warm.label}: ${(run.wallMs / 1000).toFixed(2)} s${run.ok ? '' : ' (failed)'}`);
  rmSync(out, { recursive: true, force: true });
}

async function measureDevSites(sites: SiteResult[], ctx: RunContext): Promise<void> {
  const ownBuilt = sites.find((s) => s.id === 'own')?.build.wallMs !== undefined;
  const devSites = sites.filter((s) => (ownBuilt ? s.id === 'own' : s.id === 'own-content') || s.generatedPages === 1700);
  for (const site of devSites) {
    // The first dev build of a large site takes as long as a production build.
    // (the first dev build of a site was seen taking up to twice its production build).
    const needed = site.id === 'own' ? 30_000 : 40_000 + (site.build.wallMs?.median ?? 60_000) * 2;
    if (ctx.deadline - Date.now() < needed) {
      site.dev = { available: false, reason: 'n/a: skipped to stay inside the 10-minute envelope' };
      continue;
    }
    // Dev edits files, so our site is measured on a copy: writers are working in content/.
    const devDir = site.id === 'own' ? copyOwnSite(ctx.root, join(ctx.corpusDir, 'own-dev')) : join(ctx.root, site.siteDir);
    // (The committed-pages copy and the generated sites are ours to edit; they are restored after.)
    const route = ctx.probes.get(site.id)!;
    const editFile = join('content', route.replace(/^\/support\//, '') + '.md');
    site.dev = await measureDev({ helpgenRoot: ctx.root, siteDir: devDir, editFile, pageRoute: route, edits: 20, deadline: ctx.deadline - 10_000 });
    log(`${site.label}: dev ${site.dev.saveToReload ? `median ${site.dev.saveToReload.median.toFixed(0)} ms` : site.dev.reason}`);
  }
}

async function measureOwnPageTypes(ownOut: string, ctx: RunContext): Promise<PageTypesResult | undefined> {
  try {
    return await measurePageTypes({ helpgenRoot: ctx.root, siteDir: ctx.root, outDir: ownOut, commit: gitCommit(ctx.root), log });
  } catch (error) {
    ctx.notes.push(`page types: not measured (${(error as Error).message.split('\n')[0]}); the earlier figures are kept.`);
    return undefined;
  } finally {
    removeOutput(ownOut);
  }
}

function runSettings(args: Args, sites: SiteResult[]): Record<string, unknown> {
  return {
    seed: SEED,
    sizes: args.sizes,
    runsPlanned: Object.fromEntries(sites.map((s) => [s.id, args.runs ?? planFor(s.generatedPages).maxRuns])),
    allowanceMs: Object.fromEntries(sites.map((s) => [s.id, planFor(s.generatedPages).allowanceMs])),
    peakRss: hasGnuTime() ? '/usr/bin/time -v maximum resident set size' : '/proc VmHWM sampled',
    units: 'KB = 1,000 bytes; MB = 1,000,000 bytes except peak RSS (MiB from GNU time); gzip level 6',
    pageWeightPage: 'generated sites: the probe page (same markdown at every size); our site: user-docs/records/locking',
    queries: QUERIES.length,
  };
}
