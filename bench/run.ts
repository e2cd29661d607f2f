// `npm run bench`: generates the corpora, builds our site and each generated size cold in fresh
// child processes and with the build cache, measures page weight and search cost, checks the
// budgets, prints a table and writes bench/results.json, inside a 10-minute envelope on 2 cores
// (./site-runs.ts). What else a full run measures, and every other mode, is in ./extra/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs, planFor, USAGE_TEXT, type Args, type RunContext } from './args.ts';
import { settleResults } from './budgets.ts';
import { coldBuild, removeOutput, tempOutDir } from './cold-build.ts';
import { generateCorpus, writeCorpus } from './corpus.ts';
import { measureExtras } from './extra/add-to-results.ts';
import { measureDevSites, measureOwnPageTypes } from './extra/in-full-run.ts';
import { extraMode } from './extra/modes.ts';
import { writeReadmeResults } from './extra/readme-results.ts';
import { gitCommit, ownProbeRoute, ownSite } from './own-site.ts';
import { QUERIES } from './queries.ts';
import { formatTable } from './report.ts';
import type { Results, SiteResult } from './results.ts';
import { measureSite } from './site-runs.ts';
import { hasGnuTime } from './timed-process.ts';

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
  const mode = extraMode(args, root, corpusDir, SEED);
  if (mode && !mode.records) return mode.run();
  // The README shows the figures of bench/results.json, not those of a file elsewhere (--out).
  const ownResults = args.out === join(root, 'bench', 'results.json');
  if (args.readme && !ownResults) throw new Error(`--readme writes the figures of bench/results.json into bench/README.md; leave out --out ${args.out}`);
  if (!args.readme) await (mode ? mode.run() : fullRun(root, corpusDir, args));
  if (ownResults) {
    writeReadmeResults(join(root, 'bench', 'README.md'), JSON.parse(readFileSync(args.out, 'utf8')) as Results);
    log('wrote the figures into bench/README.md');
  }
}

async function fullRun(root: string, corpusDir: string, args: Args): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const ctx: RunContext = { root, corpusDir, args, deadline: Date.now() + ENVELOPE_MS, notes: [], probes: new Map(), log };
  if (loadAtStart > cpus().length) {
    ctx.notes.push(`the machine was busy when the benchmark started (1-minute load average ${loadAtStart.toFixed(1)} on ${cpus().length} cores): times are inflated by other work.`);
  }
  if (!hasGnuTime()) ctx.notes.push('/usr/bin/time is missing: peak RSS is the VmHWM high-water mark sampled from /proc every 50 ms.');

  const sites = planSites(ctx);
  await warmUp(sites, ctx);
  // Indexed loop: a failed build of our site adds a fallback site right after it.
  let ownOut: string | undefined;
  for (let i = 0; i < sites.length; i++) ownOut = (await measureSite(sites, i, ctx)) ?? ownOut;
  if (args.dev) await measureDevSites(sites, ctx);
  const pageTypes = ownOut ? await measureOwnPageTypes(ownOut, ctx) : undefined;
  const { peer, huge } = await measureExtras({ ...args, root, corpusDir, seed: SEED, log });

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
    budgets: [],
    notes: ctx.notes,
  };
  settleResults(results, args.out);
  mkdirSync(join(args.out, '..'), { recursive: true });
  writeFileSync(args.out, JSON.stringify(results, null, 2) + '\n');
  log(`\n${formatTable(results)}\n\nwrote ${relative(process.cwd(), args.out)} in ${results.durationS} s`);
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
    const label = `${size.toLocaleString('en-US')} pages`;
    sites.push({ id: `gen-${size}`, label, siteDir: relative(root, siteDir), generatedPages: size, markdownPages: corpus.pages, markdownBytes: corpus.markdownBytes, build: { strict: true, runs: [] } });
    ctx.probes.set(`gen-${size}`, corpus.probe.route);
  }
  return sites;
}

/**
 * One untimed build compiles the CLI bundle and the client assets into node_modules/.cache, as
 * the first build after `npm install` does; every timed run after it is a fresh process.
 */
async function warmUp(sites: SiteResult[], ctx: RunContext): Promise<void> {
  const warm = sites.find((s) => s.generatedPages === Math.min(...ctx.args.sizes)) ?? sites[0];
  if (!warm) return;
  const outDir = tempOutDir('helpgen-bench-warm-');
  const run = await coldBuild({ helpgenRoot: ctx.root, siteDir: join(ctx.root, warm.siteDir), outDir, strict: false, timeoutMs: 120_000 });
  log(`warm-up build of ${warm.label}: ${(run.wallMs / 1000).toFixed(2)} s${run.ok ? '' : ' (failed)'}`);
  removeOutput(outDir);
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
