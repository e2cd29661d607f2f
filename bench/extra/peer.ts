// `npm run bench -- --peer hugo`: helpgen and Hugo side by side on the shared corpus
// (../shared/peers/gen-corpus.mjs, 168 pages × K), cold builds in alternation (ABBA: Hugo then
// helpgen, then helpgen then Hugo, …) so that a change in the machine's load reaches both
// alike. The headline figure is the median of the per-pair ratios helpgen ÷ Hugo. Both
// builds check every link (helpgen --strict; the Hugo site's link hook fails on a link it
// cannot resolve) and both give every page its sidebar; the HTML files each wrote are counted.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { coldBuild, medianPhases, RemovedLater, tempOutDir, type BuildRun } from '../cold-build.ts';
import { diskGuard } from './disk-guard.ts';
import { summarize, type Summary } from '../stats.ts';
import { timedProcess } from '../timed-process.ts';
import { outputCounts } from '../output-size.ts';
import { measureParseFloor, type ParseFloor } from './parse-floor.ts';

/** Pages of one copy of the shared corpus; sizes are multiples of it. */
export const PEER_UNIT = 168;
export const PEER_SIZES = [168, 1680, 8400];

export interface PeerBuild {
  runs: { ok: boolean; wallMs: number; peakRssMb?: number; error?: string }[];
  wallMs?: Summary;
  peakRssMb?: Summary;
  /** HTML files in the output of the last successful run, its bytes, and its scripts. */
  htmlFiles?: number;
  outputBytes?: number;
  scriptFiles?: number;
  scriptBytes?: number;
}

export interface PeerSize {
  pages: number;
  markdownPages: number;
  peer: PeerBuild;
  helpgen: PeerBuild & { phases?: Record<string, number> };
  /** helpgen ÷ peer for each pair of runs, in run order. */
  pairRatios: number[];
  /** Median of pairRatios: the figure the budget is checked against. */
  ratio?: number;
  /** Parsing this corpus's markdown alone in one cold thread (./parse-floor.ts). */
  parseFloor?: ParseFloor;
  note?: string;
}

export interface PeerResult {
  name: string;
  version: string;
  corpus: string;
  sizes: PeerSize[];
}

export interface PeerOptions {
  helpgenRoot: string;
  /** Where the corpora are written. */
  workDir: string;
  sizes: number[];
  /**
   * Pairs per size (default: 5). One pair at 8,400 pages swung the ratio from 1.49 to 2.27
   * between two runs (Hugo took 11.7 s, then 8.35 s): a budget needs a median.
   */
  pairs?: number;
  /** No pair starts after this time (ms since epoch). */
  deadline: number;
  log: (line: string) => void;
}

/** The shared folder beside the project (a checkout's ../shared). */
export function peersDir(helpgenRoot: string): string {
  return join(helpgenRoot, '..', 'shared', 'peers');
}

export async function runPeer(name: string, options: PeerOptions): Promise<PeerResult> {
  if (name !== 'hugo') throw new Error(`unknown peer "${name}": the only peer is hugo`);
  const shared = peersDir(options.helpgenRoot);
  if (!existsSync(join(shared, 'gen-corpus.mjs'))) throw new Error(`${shared}/gen-corpus.mjs not found: the shared folder must sit beside the project (../shared)`);
  const version = ensureHugo();
  options.log(`peer: ${version}`);
  const sizes: PeerSize[] = [];
  for (const pages of options.sizes) {
    if (pages % PEER_UNIT !== 0) throw new Error(`--peer-sizes: ${pages} is not a multiple of ${PEER_UNIT} (the shared corpus is ${PEER_UNIT} pages × K)`);
    sizes.push(await measureSize(pages, shared, options));
  }
  return { name, version, corpus: 'shared/peers/gen-corpus.mjs', sizes };
}

/** Debian's hugo, installed with apt-get when it is missing (the benchmark runs as root). */
function ensureHugo(): string {
  const version = () => execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
  try {
    return version();
  } catch {
    // Not installed yet.
  }
  try {
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'ignore' });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'inherit' });
  }
  return version();
}

async function measureSize(pages: number, shared: string, options: PeerOptions): Promise<PeerSize> {
  const { log } = options;
  const site = join(options.workDir, `peer-${pages}`);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  execFileSync(process.execPath, [join(shared, 'gen-corpus.mjs'), join(site, 'content'), '--scale', String(pages / PEER_UNIT)], { stdio: 'ignore' });
  const hugoDir = join(site, 'hugo');
  cpSync(join(shared, 'hugo'), hugoDir, { recursive: true });
  execFileSync('bash', [join(hugoDir, 'run.sh'), 'prepare', join(site, 'content')], { stdio: 'ignore' });
  const markdownPages = readdirSync(join(site, 'content'), { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
  log(`peer corpus: ${markdownPages} pages → ${site}`);

  const peer: PeerBuild = { runs: [] };
  const helpgen: PeerSize['helpgen'] = { runs: [] };
  const helpgenRuns: BuildRun[] = [];
  const pairRatios: number[] = [];
  // With three pairs, the same code gave 2.38 and 2.72 at 1,680 pages in two runs.
  const pairs = options.pairs ?? 5;
  const timeoutMs = Math.max(120_000, pages * 200);
  let note: string | undefined;
  // Outputs are removed once every pair is built, not between two builds (RemovedLater).
  const removed = new RemovedLater();
  try {
    for (let pair = 0; pair < pairs; pair++) {
      if (pair > 0 && Date.now() + 2.5 * ((summarize(helpgenRuns.map((r) => r.wallMs))?.median ?? 0) + (peer.wallMs?.median ?? 0)) > options.deadline) {
        note = `${pair} pair(s): the next would have passed the benchmark's time envelope`;
        break;
      }
      const order = pair % 2 === 0 ? ['peer', 'helpgen'] : ['helpgen', 'peer'];
      let peerMs = 0;
      let ownMs = 0;
      for (const which of order) {
        if (which === 'peer') {
          const run = await hugoBuild(hugoDir, timeoutMs, removed);
          peer.runs.push(run);
          peerMs = run.ok ? run.wallMs : 0;
          if (run.ok) Object.assign(peer, outputCounts(join(hugoDir, 'out')));
          log(`  ${pages} pages, Hugo: ${(run.wallMs / 1000).toFixed(2)} s, ${run.peakRssMb?.toFixed(0) ?? '?'} MB${run.ok ? '' : ` — FAILED: ${run.error}`}`);
        } else {
          const outDir = tempOutDir(`helpgen-bench-peer-${pages}-`);
          const run = await coldBuild({ helpgenRoot: options.helpgenRoot, siteDir: site, outDir, strict: true, timeoutMs, watch: diskGuard(join(outDir, '..')) });
          helpgenRuns.push(run);
          helpgen.runs.push({ ok: run.ok, wallMs: run.wallMs, peakRssMb: run.peakRssMb, error: run.error });
          ownMs = run.ok ? run.wallMs : 0;
          if (run.ok) Object.assign(helpgen, outputCounts(outDir));
          removed.addOutput(outDir);
          log(`  ${pages} pages, helpgen: ${(run.wallMs / 1000).toFixed(2)} s, ${run.peakRssMb?.toFixed(0) ?? '?'} MB${run.ok ? '' : ` — FAILED: ${run.error?.split('\n')[0]}`}`);
        }
      }
      if (peerMs && ownMs) pairRatios.push(ownMs / peerMs);
      peer.wallMs = summarize(peer.runs.filter((r) => r.ok).map((r) => r.wallMs));
    }
  } finally {
    removed.removeAll();
  }
  for (const build of [peer, helpgen]) {
    build.wallMs = summarize(build.runs.filter((r) => r.ok).map((r) => r.wallMs));
    build.peakRssMb = summarize(build.runs.flatMap((r) => (r.peakRssMb ? [r.peakRssMb] : [])));
  }
  helpgen.phases = medianPhases(helpgenRuns.filter((r) => r.ok));
  execFileSync('bash', [join(hugoDir, 'run.sh'), 'clean'], { stdio: 'ignore' });
  const ratio = summarize(pairRatios)?.median;
  log(`  ${pages} pages: helpgen ÷ Hugo ${ratio?.toFixed(1) ?? 'n/a'} (median of ${pairRatios.length} pair(s))`);
  // What the budget (4 × Hugo) leaves for everything but the parse: up to 1,680 pages.
  const parseFloor = pages <= 1680 ? measureParseFloor(options.helpgenRoot, join(site, 'content'), pages <= PEER_UNIT ? 3 : 1) : undefined;
  if (parseFloor) log(`  ${pages} pages: markdown parse alone ${(parseFloor.wallMs.median / 1000).toFixed(2)} s in one cold thread`);
  return { pages, markdownPages, peer, helpgen, pairRatios, ratio, parseFloor, note };
}

/**
 * A cold Hugo build: its last output moved aside into `removed` and its caches cleaned first
 * (untimed), then `hugo` alone is timed.
 */
async function hugoBuild(hugoDir: string, timeoutMs: number, removed: RemovedLater): Promise<PeerBuild['runs'][number]> {
  const out = join(hugoDir, 'out');
  if (existsSync(out)) {
    const aside = mkdtempSync(`${hugoDir}-out-`);
    renameSync(out, join(aside, 'out'));
    removed.addFolder(aside);
  }
  execFileSync('bash', [join(hugoDir, 'run.sh'), 'clean'], { stdio: 'ignore' });
  spawnSync('sync');
  const run = await timedProcess('bash', [join(hugoDir, 'run.sh'), 'build'], { cwd: hugoDir, env: process.env, timeoutMs, watch: diskGuard(hugoDir) });
  const ok = run.exitCode === 0 && !run.stopped;
  return { ok, wallMs: run.wallMs, peakRssMb: run.peakRssMb, error: ok ? undefined : (run.stopped ?? (run.stderr.trim().split('\n').slice(-3).join('\n') || `exit code ${run.exitCode}`)) };
}
