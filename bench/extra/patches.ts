// What each dependency-patch edit buys (issue 36). Builds the same sites cold and in one thread
// (HELPGEN_WORKERS=0), once with every edit of bin/dependency-patches.js and once with each edit
// left out (HELPGEN_SKIP_EDITS, which bin/launcher.js reads for this script only: such a bundle
// is compiled into a folder of its own), the variants interleaved run by run. It compares the
// markdown phase's CPU time (HELPGEN_TIMINGS=cpu: user and system time of the whole process
// during the phase, which machine load moves far less than wall time), beside its wall time and
// the CPU time of the whole child (GNU time), and checks that each variant's output is
// byte-identical to the full set's: an edit that changes output is a correctness patch, not a
// speed one. On a busy shared machine the markdown phase of one variant varies by 20 % and more
// from build to build: builds then show whether output changes, not what an edit buys.
//
//   bin/with-supported-node node bench/extra/patches.ts [--runs 5] [--pages 1700]
//     [--sites own,generated] [--edits 'name;name'] [--pipeline [--pairs] [--none]] [--write]
//
// --pipeline measures the markdown pipeline alone instead (bench/extra/patches-pipeline.ts;
// --runs is then the number of passes over the pages, the first cold): every variant in one
// process, page by page in turn. --pairs (what bin/dependency-patches.md quotes) measures each
// edit against the full set alone, in a fresh process per edit; --none adds the packages as
// published. --write records the result in bench/results.json (`patches.builds`,
// `patches.pipeline`). Builds take (2 + edits) × sites × runs cold builds, an hour and more for
// the defaults on a busy 2-core machine; --pipeline --pairs --sites own about 15 minutes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATCHES, editOf } from '../../bin/dependency-patches.js';
import { generateCorpus, writeCorpus } from '../corpus.ts';
import { NO_EDIT, measurePipeline, type PipelineResult } from './patches-pipeline.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The seed of `npm run bench` (bench/run.ts), so the generated site is the one it builds. */
const SEED = 7;
const FULL = '(every edit)';

interface Options {
  runs: number;
  pages: number;
  sites: ('own' | 'generated')[];
  edits: string[];
  write: boolean;
  /** Measure the markdown pipeline alone, in this process (bench/extra/patches-pipeline.ts), not builds. */
  pipeline: boolean;
  /** With --pipeline: each edit against the full set alone, one pair at a time. */
  pairs: boolean;
  /** Print the pipeline's results as one line of JSON, nothing else (how --pairs runs each pair). */
  json: boolean;
}

interface Sample {
  /** CPU and wall time of the markdown phase, and CPU time of the whole child, in ms. */
  markdownCpu: number;
  markdownWall: number;
  totalCpu?: number;
}

interface Site {
  id: string;
  label: string;
  dir: string;
}

interface VariantResult {
  edit: string;
  runs: number;
  /** Medians, and the markdown phase's CPU time of every run in round order. */
  markdownCpuMs: number;
  markdownCpuMinMs: number;
  markdownCpuRunsMs: number[];
  markdownWallMs: number;
  totalCpuMs?: number;
  /**
   * The markdown phase's CPU time without the edit ÷ with every edit, round by round (each
   * round builds every variant once, close in time), and the median of those: above 1, the
   * edit pays. `ratioOfMins` compares each variant's least disturbed run.
   */
  ratio: number;
  ratioOfMins: number;
  roundRatios: number[];
  /** Output byte-identical to the full set's; otherwise the first files that differ. */
  identical: boolean;
  differs?: string[];
}

function parseArgs(argv: string[]): Options {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const edits = [...new Set(PATCHES.map(editOf))];
  const chosen = value('--edits')?.split(';').map((e) => e.trim()).filter(Boolean) ?? [...edits];
  // --none adds the packages as published (every edit left out), in --pipeline mode.
  if (argv.includes('--none')) chosen.push(NO_EDIT);
  edits.push(NO_EDIT);
  const unknown = chosen.filter((e) => !edits.includes(e));
  if (unknown.length) throw new Error(`--edits: no such edit: ${unknown.join('; ')}\nThe edits: ${edits.join('; ')}`);
  return {
    runs: Number(value('--runs') ?? 5),
    pages: Number(value('--pages') ?? 1700),
    sites: (value('--sites') ?? 'own,generated').split(',') as Options['sites'],
    edits: chosen,
    write: argv.includes('--write'),
    pipeline: argv.includes('--pipeline'),
    pairs: argv.includes('--pairs'),
    json: argv.includes('--json'),
  };
}

/** One child process; resolves with its exit code, stdout, stderr and GNU time's user+sys. */
async function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string; cpuMs?: number }> {
  const timeFile = existsSync('/usr/bin/time') ? join(mkdtempSync(join(tmpdir(), 'helpgen-patches-time-')), 'time') : undefined;
  const command = timeFile ? ['/usr/bin/time', '-f', '%U %S', '-o', timeFile, process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  let cpuMs: number | undefined;
  if (timeFile) {
    const [user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
    if (Number.isFinite(user) && Number.isFinite(sys)) cpuMs = (user! + sys!) * 1000;
    rmSync(dirname(timeFile), { recursive: true, force: true });
  }
  return { code, stdout, stderr, cpuMs };
}

const variantEnv = (edit: string): NodeJS.ProcessEnv => ({ HELPGEN_SKIP_EDITS: edit === FULL ? '' : edit });

/** Compiles each variant's bundle before any run is timed (`--help` makes the launcher compile). */
async function compileVariants(variants: string[]): Promise<void> {
  for (const edit of variants) {
    const result = await run(['bin/helpgen.js', '--help'], variantEnv(edit));
    if (result.code !== 0) throw new Error(`compiling the CLI without "${edit}" failed:\n${result.stderr}`);
    // The launcher warns when an edit it was asked to apply no longer finds its text.
    if (/unpatched/.test(result.stderr)) throw new Error(`a dependency patch no longer applies; fix bin/dependency-patches.js first:\n${result.stderr}`);
  }
}

/**
 * The markdown phase's time from HELPGEN_TIMINGS=cpu's lines: its CPU time from the line
 * labelled "phase CPU: ", its wall time from the plain phase line before it.
 */
function markdownPhase(stderr: string, kind: 'cpu' | 'wall'): number | undefined {
  for (const line of stderr.split('\n')) {
    if (line.startsWith('phase CPU: ') !== (kind === 'cpu')) continue;
    const match = /(?:^|, |: )markdown (\d+) ms(?:, |$)/.exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** One cold build of `site` by `edit`'s variant into `outDir`. */
async function build(site: Site, edit: string, outDir: string): Promise<Sample> {
  const env = { ...variantEnv(edit), HELPGEN_WORKERS: '0', HELPGEN_TIMINGS: 'cpu', NODE_ENV: 'production', NO_COLOR: '1' };
  const result = await run(['bin/helpgen.js', 'build', site.dir, '--out', outDir, '--no-cache'], env);
  const markdownCpu = markdownPhase(result.stderr, 'cpu');
  const markdownWall = markdownPhase(result.stderr, 'wall');
  if (result.code !== 0 || markdownCpu === undefined || markdownWall === undefined) {
    throw new Error(`build of ${site.label} without "${edit}" failed (exit ${result.code}):\n${result.stderr.slice(-3000)}`);
  }
  return { markdownCpu, markdownWall, totalCpu: result.cpuMs };
}

/** Every file under `dir` with the SHA-256 of its bytes, by relative path. */
function digest(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return files;
}

/** The paths that differ between two outputs (missing on either side, or other bytes), sorted. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((path) => a.get(path) !== b.get(path)).sort();
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function prepareSites(options: Options, workDir: string): Site[] {
  const sites: Site[] = [];
  if (options.sites.includes('own')) sites.push({ id: 'own', label: 'our site', dir: root });
  if (options.sites.includes('generated')) {
    const dir = join(workDir, `site-${options.pages}`);
    const corpus = generateCorpus({ pages: options.pages, seed: SEED });
    writeCorpus(dir, corpus);
    sites.push({ id: `gen-${options.pages}`, label: `${corpus.pages.toLocaleString('en-US')} generated pages`, dir });
  }
  return sites;
}

/** The markdown of a site's pages (content/, without our writers' guide), in path order. */
function sitePages(site: Site): string[] {
  const content = join(site.dir, 'content');
  return readdirSync(content, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'STYLE.md')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((file) => readFileSync(file, 'utf8'));
}

function pipelineTable(site: Site, pages: number, results: PipelineResult[]): string {
  const lines = [`${site.label} (${pages} pages), the markdown pipeline alone: left out → CPU of the cold pass, median of the warm passes; ratio to every edit (cold, warm)`];
  for (const r of results) {
    lines.push(`  ${r.edit.padEnd(80)} ${r.coldMs} ms, ${r.warmMs} ms  ×${r.coldRatio.toFixed(3)} ×${r.warmRatio.toFixed(3)}  ${r.identical ? 'same HTML' : 'HTML DIFFERS'}`);
  }
  return lines.join('\n');
}

/**
 * Each edit measured against the full set alone, each pair in a fresh process (this script with
 * --json): in one long-lived process, the bundles of earlier pairs made later pairs look alike
 * (the packages as published measured within 3 % of the full set, against 27 % in a process of
 * their own). The full set's row is from the first pair.
 */
async function measurePairs(options: Options, site: Site, log: (line: string) => void): Promise<PipelineResult[]> {
  const rows: PipelineResult[] = [];
  const script = fileURLToPath(import.meta.url);
  for (const edit of options.edits) {
    const args = [script, '--pipeline', '--json', '--sites', site.id === 'own' ? 'own' : 'generated', '--pages', String(options.pages), '--runs', String(options.runs), '--edits', edit === NO_EDIT ? '' : edit, ...(edit === NO_EDIT ? ['--none'] : [])];
    const result = await run(args, {});
    const json = result.stdout.trim().split('\n').at(-1) ?? '';
    if (result.code !== 0 || !json.startsWith('[')) throw new Error(`the pair without "${edit}" failed (exit ${result.code}):\n${result.stderr.slice(-2000)}`);
    const [full, without] = JSON.parse(json) as PipelineResult[];
    log(`${site.label}, without ${edit}: ×${without!.coldRatio.toFixed(3)} cold, ×${without!.warmRatio.toFixed(3)} warm (${without!.passRatios.join(', ')})`);
    if (!rows.length) rows.push(full!);
    rows.push(without!);
  }
  return rows;
}

async function mainPipeline(options: Options, sites: Site[], workDir: string, log: (line: string) => void): Promise<void> {
  // As bin/helpgen.js sets it for builds (see there why).
  setFlagsFromString('--no-turbo-inlining');
  const bySite: Record<string, unknown> = {};
  for (const site of sites) {
    const loadAtStart = loadavg();
    const pages = sitePages(site);
    // --pairs: each edit with the full set alone: many bundles run in turn share the CPU's
    // caches and flatten the differences (12 variants: within 3 %).
    const results = options.pairs ? await measurePairs(options, site, log) : await measurePipeline({ root, workDir, pages, full: FULL, edits: options.edits, passes: options.runs, log: options.json ? () => {} : log });
    if (options.json) return log(JSON.stringify(results));
    log(pipelineTable(site, pages.length, results));
    bySite[site.id] = { label: site.label, date: new Date().toISOString(), commit: await commitOf(), node: process.version, passes: options.runs, loadAverage: { start: loadAtStart, end: loadavg() }, variants: results };
  }
  const how = 'the markdown pipeline alone (remark-parse, GFM, directives, front matter, remark-rehype, hast-util-to-html) over every page, each variant a bundle in one process, in turn pass after pass; CPU time of the process; ratio = without the edit ÷ with every edit in the same pass';
  if (options.write) writeResults(how, bySite, 'pipeline');
}

interface Collected {
  samples: Map<string, Sample[]>;
  /** Files that differ from the full set's output, per variant (checked on every run). */
  differs: Map<string, string[]>;
}

/**
 * Runs every variant `runs` times on `site`, interleaved: in each round every variant builds
 * once, the order rotated from round to round so that none always follows the same one. Every
 * output is compared with the full set's first.
 */
async function measureSite(site: Site, variants: string[], runs: number, workDir: string, log: (line: string) => void): Promise<Collected> {
  const samples = new Map<string, Sample[]>(variants.map((v) => [v, []]));
  const differs = new Map<string, string[]>();
  let reference: Map<string, string> | undefined;
  // An untimed build first: the first build after a while reads its files from disk, not from
  // the page cache, and took up to 30 % more CPU time in its markdown phase.
  await build(site, FULL, join(workDir, 'out'));
  rmSync(join(workDir, 'out'), { recursive: true, force: true });
  for (let round = 0; round < runs; round++) {
    const order = [...variants.slice(round % variants.length), ...variants.slice(0, round % variants.length)];
    // The full set first in the first round: its output is what the others are compared with.
    if (round === 0) order.sort((a, b) => Number(b === FULL) - Number(a === FULL));
    for (const edit of order) {
      const outDir = join(workDir, 'out');
      rmSync(outDir, { recursive: true, force: true });
      const sample = await build(site, edit, outDir);
      samples.get(edit)!.push(sample);
      const files = digest(outDir);
      reference ??= files;
      const changed = differences(reference, files);
      if (changed.length) differs.set(edit, [...new Set([...(differs.get(edit) ?? []), ...changed])].sort());
      rmSync(outDir, { recursive: true, force: true });
      const total = sample.totalCpu === undefined ? '' : `, whole build ${(sample.totalCpu / 1000).toFixed(2)} s CPU`;
      log(`${site.label}, round ${round + 1}/${runs}, without ${edit}: markdown ${(sample.markdownCpu / 1000).toFixed(2)} s CPU, ${(sample.markdownWall / 1000).toFixed(2)} s wall${total}${changed.length ? `; OUTPUT DIFFERS (${changed.length} files)` : ''} [load ${loadavg()[0]!.toFixed(1)}]`);
    }
  }
  return { samples, differs };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function summarise(collected: Collected, variants: string[]): VariantResult[] {
  const full = collected.samples.get(FULL)!.map((s) => s.markdownCpu);
  return variants.map((edit) => {
    const samples = collected.samples.get(edit)!;
    const cpu = samples.map((s) => s.markdownCpu);
    const totals = samples.flatMap((s) => (s.totalCpu === undefined ? [] : [s.totalCpu]));
    const roundRatios = cpu.map((ms, round) => round3(ms / full[round]!));
    const differs = collected.differs.get(edit);
    return {
      edit,
      runs: samples.length,
      markdownCpuMs: Math.round(median(cpu)),
      markdownCpuMinMs: Math.round(Math.min(...cpu)),
      markdownCpuRunsMs: cpu.map(Math.round),
      markdownWallMs: Math.round(median(samples.map((s) => s.markdownWall))),
      totalCpuMs: totals.length ? Math.round(median(totals)) : undefined,
      ratio: round3(median(roundRatios)),
      ratioOfMins: round3(Math.min(...cpu) / Math.min(...full)),
      roundRatios,
      identical: !differs,
      ...(differs ? { differs: differs.slice(0, 5) } : {}),
    };
  });
}

function table(site: Site, results: VariantResult[]): string {
  const lines = [`${site.label}: left out → markdown phase CPU time, median and min (wall time; whole build CPU); ratio to every edit, median of rounds and of mins`];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const r of results) {
    const total = r.totalCpuMs === undefined ? '' : `; ${s(r.totalCpuMs)}`;
    const output = r.identical ? 'same output' : `OUTPUT DIFFERS: ${r.differs!.join(', ')}`;
    lines.push(`  ${r.edit.padEnd(80)} ${s(r.markdownCpuMs)}, ${s(r.markdownCpuMinMs)} (${s(r.markdownWallMs)}${total})  ×${r.ratio.toFixed(3)} ×${r.ratioOfMins.toFixed(3)}  ${output}`);
  }
  return lines.join('\n');
}

async function commitOf(): Promise<string> {
  const result = await new Promise<string>((resolve) => {
    const child = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => resolve(out.trim()));
  });
  return result || 'unknown';
}

/**
 * Adds each site's result to bench/results.json under `patches.sites`, keeping every other
 * figure, and the sites measured by an earlier run of this script (`--sites own` and
 * `--sites generated` can run apart).
 */
function writeResults(how: string, sites: Record<string, unknown>, kind: 'builds' | 'pipeline'): void {
  const file = join(root, 'bench', 'results.json');
  const results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const patches = (results.patches ?? {}) as Record<string, { how: string; sites: Record<string, unknown> }>;
  patches[kind] = { how, sites: { ...patches[kind]?.sites, ...sites } };
  results.patches = patches;
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const variants = [FULL, ...options.edits];
  const workDir = join(tmpdir(), `helpgen-bench-patches-${process.pid}`);
  mkdirSync(workDir, { recursive: true });
  try {
    const sites = prepareSites(options, workDir);
    if (options.pipeline) return await mainPipeline(options, sites, workDir, log);
    await compileVariants(variants);
    const bySite: Record<string, unknown> = {};
    const commit = await commitOf();
    for (const site of sites) {
      const loadAtStart = loadavg();
      const date = new Date().toISOString();
      const results = summarise(await measureSite(site, variants, options.runs, workDir, log), variants);
      const loadAtEnd = loadavg();
      log(table(site, results));
      log(`1-minute load average ${loadAtStart[0]!.toFixed(1)} at the start, ${loadAtEnd[0]!.toFixed(1)} at the end, on ${cpus().length} cores`);
      const load = (l: number[]) => l.map((x) => Math.round(x * 100) / 100);
      bySite[site.id] = { label: site.label, date, commit, node: process.version, runs: options.runs, loadAverage: { start: load(loadAtStart), end: load(loadAtEnd), cores: cpus().length }, variants: results };
    }
    const how = 'cold builds, HELPGEN_WORKERS=0, the variants interleaved; markdown phase CPU time from HELPGEN_TIMINGS=cpu (user+system, all threads), medians; ratio = without the edit ÷ with every edit; loadAverage: 1, 5 and 15 minutes';
    if (options.write) writeResults(how, bySite, 'builds');
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench/extra/patches.ts: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
