// `npm run bench`: generates the corpora, builds our site and each generated size cold in
// fresh child processes, measures page weight, search and dev rebuilds, prints a table and
// writes bench/results.json. Runs are fitted into a 10-minute envelope on a 2-core machine:
// each site gets a time allowance, and a site that is slower than its allowance gets fewer
// runs (at least one), which results.json records.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem, type as osType, release } from 'node:os';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs, planFor, type Args, type Plan } from './args.ts';
import { copyOwnSite, exportCommittedContent, folderBytes, gitCommit, ownProbeRoute, ownSite } from './own-site.ts';
import { runPeer } from './peer.ts';
import { measureHuge } from './huge.ts';
import { medianCpu, medianPhases } from './phases.ts';
import { recheckBudgets, withBefore } from './budgets.ts';
import { addedKind, addedNote, keepEarlierHuge, keepEarlierPageTypes, type AddedKind } from './kept-results.ts';
import { benchConfig, generateCorpus, writeCorpus } from './corpus.ts';
import { coldBuild, hasGnuTime, tempOutDir, type BuildRun } from './cold-build.ts';
import { measurePageWeight } from './page-weight.ts';
import { measureSearch, searchOnly } from './search-only.ts';
import { QUERIES } from './queries.ts';
import { measureDev } from './dev.ts';
import { deployOnly, measureDeploy } from './deploy.ts';
import { FIRST_SEARCH_RUNS, firstSearchOnly, measureOwnFirstSearch } from './first-search-run.ts';
import { traceFirstResults } from './first-results-trace.ts';
import { summarize } from './stats.ts';
import { checkBudgets } from './budgets.ts';
import { formatTable, type Results, type SiteResult } from './report.ts';
import { formatProfile, summarizeProfile } from './profile.ts';
import { measureParseFloor } from './parse-floor.ts';
import { lighthouseOnly, measurePageTypes } from './page-types-run.ts';
import type { PageTypesResult } from './page-types.ts';

const SEED = 7;
/** Whole benchmark must end inside 10 minutes; keep a margin for reporting and clean-up. */
const ENVELOPE_MS = 9 * 60_000;
/** The side-by-side runs, when asked for, come on top (an 8,400-page pair takes minutes). */
const PEER_ENVELOPE_MS = 40 * 60_000;

export async function main(argv: string[], root: string): Promise<void> {
  const args = parseArgs(argv, root);
  const corpusDir = join(root, 'bench', '.corpus');
  if (args.profile) return profile(root, corpusDir, args.profile);
  if (args.traceFirstResults) return traceFirstResults(args.traceFirstResults.route, args.traceFirstResults.dirs, args.runs ?? 5);
  if (args.deployOnly) return deployOnly(root, args.out, gitCommit(root));
  if (args.searchOnly) return searchOnly({ root, corpusDir, sizes: args.sizes, own: args.own, out: args.out, seed: SEED, ownRoute: ownProbeRoute(root), commit: gitCommit(root) });
  if (args.firstSearchOnly) return firstSearchOnly({ root, out: args.out, runs: args.runs ?? FIRST_SEARCH_RUNS, baseline: args.baseline, route: ownProbeRoute(root), commit: gitCommit(root) });
  if (args.lighthouseOnly) return lighthouseOnly({ root, out: args.out, commit: gitCommit(root), runs: args.runs });
  if (args.add) return addToResults(root, corpusDir, args);

  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const deadline = Date.now() + ENVELOPE_MS;
  const notes: string[] = [];
  const sites: SiteResult[] = [];
  /** Route of the page whose weight is measured (and edited in dev), per site id. */
  const probes = new Map<string, string>();
  /** Our site's build, kept for the page-type measures at the end. */
  let ownOut: string | undefined;
  const log = (line: string) => process.stdout.write(line + '\n');
  if (loadAtStart > cpus().length) {
    notes.push(`the machine was busy when the benchmark started (1-minute load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores): times are inflated by other work.`);
  }
  if (!hasGnuTime()) notes.push('/usr/bin/time is missing: peak RSS is the VmHWM high-water mark sampled from /proc every 25 ms.');

  // 1. Our own site, then the generated sizes, each written fresh from the seed.
  if (args.own) {
    sites.push(ownSite(root));
    probes.set('own', ownProbeRoute(root));
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
    probes.set(`gen-${size}`, corpus.probe.route);
  }

  // 2. One untimed build compiles the CLI bundle and the client assets into node_modules/.cache,
  // as the first build after `npm install` does; every timed run after it is a fresh process.
  const warm = sites.find((s) => s.generatedPages === Math.min(...args.sizes)) ?? sites[0];
  if (warm) {
    const out = mkdtempSync(join(tmpdir(), 'helpgen-bench-warm-'));
    const run = await coldBuild({ helpgenRoot: root, siteDir: join(root, warm.siteDir), outDir: out, strict: false, timeoutMs: 120_000 });
    log(`warm-up build of ${warm.label}: ${(run.wallMs / 1000).toFixed(2)} s${run.ok ? '' : ' (failed)'}`);
    rmSync(out, { recursive: true, force: true });
  }

  // 3. Cold builds, page weight, search index and queries per site.
  // Indexed loop: a failed build of our site adds a fallback site right after it.
  for (let i = 0; i < sites.length; i++) {
    const site = sites[i]!;
    const plan = planFor(site.generatedPages);
    const maxRuns = args.runs ?? plan.maxRuns;
    const siteStart = Date.now();
    let kept: string | undefined;
    for (let run = 0; run < maxRuns; run++) {
      const spent = Date.now() - siteStart;
      const last = site.build.runs.at(-1);
      if (run > 0 && (!last?.ok || spent + last.wallMs > plan.allowanceMs)) break;
      const left = deadline - Date.now();
      if (left < 20_000) {
        notes.push(`${site.label}: stopped after ${run} run(s) to stay inside the 10-minute envelope.`);
        break;
      }
      // In a temporary folder of its own: a build stopped at its time limit leaves its staging folder beside its output.
      const { outDir } = tempOutDir(`helpgen-bench-${site.id}-`);
      const result = await coldBuild({ helpgenRoot: root, siteDir: join(root, site.siteDir), outDir, strict: site.build.strict, timeoutMs: Math.min(plan.timeoutMs, left - 15_000) });
      site.build.runs.push(result);
      const cpu = result.cpuMs ? `, CPU ${(result.cpuMs.user / 1000).toFixed(2)} s user + ${(result.cpuMs.sys / 1000).toFixed(2)} s system` : '';
      log(`${site.label}: run ${run + 1}: ${(result.wallMs / 1000).toFixed(2)} s${cpu}, peak RSS ${result.peakRssMb?.toFixed(0) ?? '?'} MB${result.ok ? '' : ` — FAILED: ${result.error?.split('\n')[0]}`}`);
      if (result.ok) {
        if (kept) removeOutput(kept);
        kept = outDir;
      } else {
        removeOutput(outDir);
      }
    }
    const ok = site.build.runs.filter((r) => r.ok);
    site.build.wallMs = summarize(ok.map((r) => r.wallMs));
    site.build.phases = medianPhases(ok);
    site.build.cpuMs = medianCpu(ok);
    if (ok.length) await measureCachedBuilds(site, root, plan, deadline, log);
    site.build.peakRssMb = summarize(site.build.runs.flatMap((r) => (r.peakRssMb ? [r.peakRssMb] : [])));
    site.build.pagesBuilt = ok[0]?.pages;
    site.build.warnings = ok[0]?.warnings;
    const failed = site.build.runs.find((r) => !r.ok);
    if (failed) site.build.error = failed.error;
    if (ok.length && ok.length < 5) site.build.note = `${ok.length} run(s): ${ok.length < maxRuns ? 'the next run would have exceeded this size’s time allowance' : 'fewer runs planned for this size'}`;

    if (!kept && site.id === 'own') {
      // Writers are mid-way through our pages: the working tree may hold a half-edited page,
      // and the config's navbar may point to pages not written yet. Our committed pages (git
      // HEAD) are then measured instead, with a minimal config that reports broken links as
      // warnings, and labelled as such wherever their figures are used.
      const dir = join(corpusDir, 'own-content');
      const commit = exportCommittedContent(root, dir, benchConfig({ lenient: true }));
      const copy = ownSite(dir);
      sites.splice(i + 1, 0, { ...copy, id: 'own-content', label: `our pages @${commit} (minimal config)`, siteDir: relative(root, dir) });
      probes.set('own-content', ownProbeRoute(dir));
      notes.push(`our site did not build (${(site.build.error ?? '').split('\n')[0]}); our committed pages (content/ at ${commit}, ${copy.markdownPages} pages) were built instead with a minimal config that reports broken links as warnings.`);
    }
    if (!kept) {
      site.pageWeightError = 'no successful build to measure';
      site.search = { indexNote: 'no successful build to measure', queryNote: 'no successful build to measure' };
      continue;
    }
    site.build.outputBytes = folderBytes(kept);
    if (args.deploy && site.id === 'own' && deadline - Date.now() > 60_000) {
      site.deploy = await measureDeploy({ helpgenRoot: root, siteDir: root, outDir: kept, rounds: 3 });
      log(`${site.label}: deploy ${site.deploy.error ?? `first ${site.deploy.first.requests} requests ${((site.deploy.first.wallMs?.median ?? 0) / 1000).toFixed(2)} s, no-change ${site.deploy.unchanged.requests} request(s) ${((site.deploy.unchanged.wallMs?.median ?? 0) / 1000).toFixed(2)} s`}`);
    }
    const route = probes.get(site.id)!;
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
    if (site.id === 'own' && args.lighthouse) ownOut = kept;
    else removeOutput(kept);
    // The parse's share of the build-time budgets (1.5 s for our site, 8 s at 1,700 pages).
    if ((site.generatedPages ?? 0) <= 2000 && deadline - Date.now() > 60_000) {
      site.parseFloor = measureParseFloor(root, join(root, site.siteDir, 'content'), site.generatedPages && site.generatedPages > 200 ? 1 : 3);
      log(`${site.label}: markdown parse alone ${(site.parseFloor.wallMs.median / 1000).toFixed(2)} s in one cold thread`);
    }
  }

  // 4. Dev: our site (issue 6 budget: 100 ms) and the 1,700-page site (300 ms at 2,000 pages).
  if (args.dev) {
    const ownBuilt = sites.find((s) => s.id === 'own')?.build.wallMs !== undefined;
    const devSites = sites.filter((s) => (ownBuilt ? s.id === 'own' : s.id === 'own-content') || s.generatedPages === 1700);
    for (const site of devSites) {
      // The first dev build of a large site takes as long as a production build.
      // (the first dev build of a site was seen taking up to twice its production build).
      const needed = site.id === 'own' ? 30_000 : 40_000 + (site.build.wallMs?.median ?? 60_000) * 2;
      if (deadline - Date.now() < needed) {
        site.dev = { available: false, reason: 'n/a: skipped to stay inside the 10-minute envelope' };
        continue;
      }
      // Dev edits files, so our site is measured on a copy: writers are working in content/.
      const devDir = site.id === 'own' ? copyOwnSite(root, join(corpusDir, 'own-dev')) : join(root, site.siteDir);
      // (The committed-pages copy and the generated sites are ours to edit; they are restored after.)
      const route = probes.get(site.id)!;
      const editFile = join('content', route.replace(/^\/support\//, '') + '.md');
      site.dev = await measureDev({ helpgenRoot: root, siteDir: devDir, editFile, pageRoute: route, edits: 20, deadline: deadline - 10_000 });
      log(`${site.label}: dev ${site.dev.saveToReload ? `median ${site.dev.saveToReload.median.toFixed(0)} ms` : site.dev.reason}`);
    }
  }

  // 5. Page types of our site (issue 37): a few minutes of Lighthouse runs, on top of the envelope.
  let pageTypes: PageTypesResult | undefined;
  if (ownOut) {
    try {
      pageTypes = await measurePageTypes({ helpgenRoot: root, siteDir: root, outDir: ownOut, commit: gitCommit(root), log });
    } catch (error) {
      notes.push(`page types: not measured (${(error as Error).message.split('\n')[0]}); the earlier figures are kept.`);
    } finally {
      removeOutput(ownOut);
    }
  }

  const peer = args.peer ? await runPeer(args.peer, { helpgenRoot: root, workDir: corpusDir, sizes: args.peerSizes, pairs: args.peerPairs, deadline: Date.now() + PEER_ENVELOPE_MS, log }) : undefined;
  const huge = args.huge ? await measureHuge({ helpgenRoot: root, workDir: corpusDir, seed: SEED, pages: args.huge, timeoutMs: args.hugeTimeoutMin * 60_000, log }) : undefined;

  const results: Results = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: { model: cpus()[0]?.model ?? 'unknown', cores: cpus().length },
    memoryTotalMb: Math.round(totalmem() / 1e6),
    os: `${osType()} ${release()}`,
    loadAverage: { start: Math.round(loadAtStart * 100) / 100, end: Math.round(loadavg()[0]! * 100) / 100 },
    commit: gitCommit(root),
    settings: {
      seed: SEED,
      sizes: args.sizes,
      runsPlanned: Object.fromEntries(sites.map((s) => [s.id, args.runs ?? planFor(s.generatedPages).maxRuns])),
      allowanceMs: Object.fromEntries(sites.map((s) => [s.id, planFor(s.generatedPages).allowanceMs])),
      peakRss: hasGnuTime() ? '/usr/bin/time -v maximum resident set size' : '/proc VmHWM sampled',
      units: 'KB = 1,000 bytes; MB = 1,000,000 bytes except peak RSS (MiB from GNU time); gzip level 6',
      pageWeightPage: 'generated sites: the probe page (same markdown at every size); our site: user-docs/records/locking',
      queries: QUERIES.length,
    },
    durationS: Math.round((performance.now() - started) / 100) / 10,
    sites,
    peer,
    huge,
    pageTypes,
    budgets: checkBudgets(sites, peer, pageTypes),
    notes,
  };
  if (!huge) keepEarlierHuge(results, args.out);
  if (!pageTypes) keepEarlierPageTypes(results, args.out);
  withBefore(results, args.out);
  mkdirSync(join(args.out, '..'), { recursive: true });
  writeFileSync(args.out, JSON.stringify(results, null, 2) + '\n');
  log('');
  log(formatTable(results));
  log(`\nwrote ${relative(process.cwd(), args.out)} in ${results.durationS} s`);
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
function removeOutput(outDir: string): void {
  rmSync(join(outDir, '..'), { recursive: true, force: true });
}

/**
 * `--add` with `--peer` and/or `--huge`: measures only those and puts them into the existing
 * results file, leaving its other figures as they were (the budgets are checked again).
 */
async function addToResults(root: string, corpusDir: string, args: Args): Promise<void> {
  const results = JSON.parse(readFileSync(args.out, 'utf8')) as Results;
  const log = (line: string) => process.stdout.write(line + '\n');
  const previous = structuredClone(results);
  if (args.peer) results.peer = await runPeer(args.peer, { helpgenRoot: root, workDir: corpusDir, sizes: args.peerSizes, pairs: args.peerPairs, deadline: Date.now() + PEER_ENVELOPE_MS, log });
  if (args.huge) results.huge = await measureHuge({ helpgenRoot: root, workDir: corpusDir, seed: SEED, pages: args.huge, timeoutMs: args.hugeTimeoutMin * 60_000, log });
  recheckBudgets(results, previous);
  // One note per thing added, replacing only the note of the same thing: adding the very large
  // site after the peer runs keeps the note that says when the peer runs were measured.
  const when = `on ${new Date().toISOString().slice(0, 10)} at commit ${gitCommit(root)}, 1-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`;
  const added: [AddedKind, string][] = [];
  if (args.peer) added.push(['peer', addedNote('peer', args.peer, when)]);
  if (args.huge) added.push(['huge', addedNote('huge', args.huge, when)]);
  results.notes = results.notes.filter((note) => !added.some(([kind]) => addedKind(note) === kind));
  results.notes.push(...added.map(([, note]) => note));
  writeFileSync(args.out, JSON.stringify(results, null, 2) + '\n');
  log(formatTable(results));
}

/** `npm run bench -- --profile 1700` (or a site folder): one build under --cpu-prof, summarised. */
async function profile(root: string, corpusDir: string, target: string): Promise<void> {
  let siteDir = target;
  if (/^\d+$/.test(target)) {
    siteDir = join(corpusDir, `site-${target}`);
    writeCorpus(siteDir, generateCorpus({ pages: Number(target), seed: SEED }));
  }
  const profDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-prof-'));
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-out-'));
  execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, join(root, 'bin', 'helpgen.js'), 'build', siteDir, '--out', outDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // One profile per thread: the main thread first, then its workers (markdown, search index).
  const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')).sort();
  files.forEach((file, i) => {
    process.stdout.write(`\n== ${i === 0 ? 'main thread' : `worker thread ${i}`}: ${join(profDir, file)}\n`);
    process.stdout.write(formatProfile(summarizeProfile(join(profDir, file), 40), i === 0 ? 40 : 20) + '\n');
  });
  rmSync(outDir, { recursive: true, force: true });
}
