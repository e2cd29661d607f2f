// One cold production build: a fresh `bin/helpgen.js build --no-cache` child process, run
// through its shebang like `npx helpgen` runs it, so nothing (module cache, JIT, helpgen's build
// cache on disk, V8's compile cache of helpgen's scripts) survives from a previous run. Like
// --no-cache for the build cache, NODE_DISABLE_COMPILE_CACHE has it neither read nor write the
// compile cache (cli/compile-cache.ts): a first run writing an empty one took ~0.2 s more on
// our site. With `cache: true`, a rebuild that may reuse both. Wall time is taken around the
// whole child, startup included: that is what a writer or CI waits for. HELPGEN_TIMINGS=1
// makes it print the time of each phase, kept too. The disk is flushed (`sync`) before the
// clock starts, so no earlier write is still going to the disk while the build runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { summarize } from './stats.ts';
import { timedProcess } from './timed-process.ts';

export interface BuildRun {
  ok: boolean;
  wallMs: number;
  peakRssMb?: number;
  cpuMs?: { user: number; sys: number };
  timedOut: boolean;
  exitCode: number | null;
  /** Pages the CLI said it built. */
  pages?: number;
  /** With the build cache: pages the CLI said it copied unchanged from the last build (0 when it said none). */
  copiedPages?: number;
  warnings: number;
  /** Milliseconds per phase, as the build printed them (HELPGEN_TIMINGS). */
  phases?: Record<string, number>;
  /** First lines of stderr when the build failed. */
  error?: string;
  /** The last progress line the build printed (stderr, "Rendering markdown (…)…"), when it failed: how far it got. */
  lastProgress?: string;
}

export interface ColdBuildOptions {
  helpgenRoot: string;
  siteDir: string;
  outDir: string;
  strict: boolean;
  timeoutMs: number;
  /** Let the build use helpgen's build cache on disk (default: no, a cold build). */
  cache?: boolean;
  watch?: () => string | undefined;
}

export async function coldBuild(options: ColdBuildOptions): Promise<BuildRun> {
  const cli = join(options.helpgenRoot, 'bin', 'helpgen.js');
  const args = ['build', options.siteDir, '--out', options.outDir, ...(options.strict ? ['--strict'] : []), ...(options.cache ? [] : ['--no-cache'])];
  spawnSync('sync');
  const run = await timedProcess(cli, args, {
    cwd: options.helpgenRoot,
    timeoutMs: options.timeoutMs,
    watch: options.watch,
    // The shebang finds node on PATH: make that the node running the benchmark.
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
      NODE_ENV: 'production',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      HELPGEN_TIMINGS: '1',
      ...(options.cache ? {} : { NODE_DISABLE_COMPILE_CACHE: '1' }),
    },
  });
  const ok = run.exitCode === 0 && !run.stopped;
  const built = /Built (\d+) pages/.exec(run.stdout);
  const warnings = (run.stderr.match(/: warning: /g) ?? []).length;
  return {
    ok,
    wallMs: run.wallMs,
    peakRssMb: run.peakRssMb,
    cpuMs: run.cpuMs,
    timedOut: run.stopped !== undefined,
    exitCode: run.exitCode,
    pages: built ? Number(built[1]) : undefined,
    copiedPages: ok && options.cache ? parseCopiedPages(run.stdout) : undefined,
    warnings,
    phases: parsePhases(run.stderr),
    error: ok ? undefined : (run.stopped ?? failure(run.stderr, run.exitCode)),
    lastProgress: ok ? undefined : run.stderr.split('\n').filter((line) => line.endsWith('…')).at(-1),
  };
}

/**
 * How many pages a warm build copied from the last one, from its summary line: "✔ Built 9109
 * pages in 3.10 s (9108 unchanged, copied from the build cache) → …"; 0 when it copied none
 * (the line then says nothing of the cache).
 */
export function parseCopiedPages(stdout: string): number {
  const copied = /\((\d+) unchanged, /.exec(stdout);
  return copied ? Number(copied[1]) : 0;
}

/**
 * The phase times HELPGEN_TIMINGS prints: "scan 329 ms, markdown 7067 ms, …" and "process
 * start to build 964 ms, config 85 ms, write 1 ms". Undefined when the build printed none.
 */
export function parsePhases(stderr: string): Record<string, number> | undefined {
  const phases: Record<string, number> = {};
  // A phase name has letters, spaces, commas and brackets; no digits, no colon (a diagnostic).
  const phase = /([a-z][^:\d]*?) (\d+) ms(?:, |$)/gy;
  for (const line of stderr.split('\n')) {
    if (!/^(?:[a-z][^:\d]*? \d+ ms(?:, |$))+$/.test(line)) continue;
    phase.lastIndex = 0;
    for (const [, name, ms] of line.matchAll(phase)) phases[name!] = Number(ms);
  }
  return Object.keys(phases).length ? phases : undefined;
}

/** The median of each phase over several runs, to compare sizes, and before and after a change. */
export function medianPhases(runs: BuildRun[]): Record<string, number> | undefined {
  const byName = new Map<string, number[]>();
  for (const run of runs) for (const [name, ms] of Object.entries(run.phases ?? {})) byName.set(name, [...(byName.get(name) ?? []), ms]);
  if (!byName.size) return undefined;
  return Object.fromEntries([...byName].map(([name, values]) => [name, Math.round(summarize(values)!.median)]));
}

/** Median user and system CPU time over the runs GNU time measured. */
export function medianCpu(runs: BuildRun[]): { user: number; sys: number } | undefined {
  const measured = runs.flatMap((run) => (run.cpuMs ? [run.cpuMs] : []));
  if (!measured.length) return undefined;
  return { user: Math.round(summarize(measured.map((c) => c.user))!.median), sys: Math.round(summarize(measured.map((c) => c.sys))!.median) };
}

export function formatPhases(phases: Record<string, number> | undefined): string {
  if (!phases) return 'n/a';
  return Object.entries(phases)
    .map(([name, ms]) => `${name} ${ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`}`)
    .join(', ');
}

/** What went wrong, in a line or a few: V8's out-of-memory report is mostly a stack dump. */
function failure(stderr: string, exitCode: number | null): string {
  if (/heap out of memory/.test(stderr)) return 'crashed: JavaScript heap out of memory';
  const lines = stderr.trim().split('\n').filter(Boolean);
  const errors = lines.filter((l) => /error/i.test(l));
  return (errors.length ? errors.slice(0, 3) : lines.slice(-4)).join('\n') || `exit code ${exitCode}`;
}

/**
 * An output folder inside a fresh temporary folder: a build stages its output beside the
 * output folder, so a build that was stopped leaves its staging folder in there too, and
 * removeOutput takes both away.
 */
export function tempOutDir(prefix: string): string {
  return join(mkdtempSync(join(tmpdir(), prefix)), 'out');
}

export function removeOutput(outDir: string): void {
  rmSync(dirname(outDir), { recursive: true, force: true });
}

/**
 * Folders removed only when a series of timed builds is over (`removeAll`), never between two
 * of them. Removing a build's output just before the next build made that build slower, and
 * more so run after run: four cold builds of the 1,680-page peer corpus, each removing the one
 * before, took 5.9, 5.9, 6.8 and 7.2 s, their system time 0.95, 2.75, 4.81 and 5.87 s; the
 * same builds with the outputs left in place took 4.9-5.4 s, 0.8-0.9 s of it system time.
 * ./checkout-builds.ts found the same for its CI builds.
 */
export class RemovedLater {
  private readonly folders: string[] = [];

  /** A build's output folder from `tempOutDir`: its temporary folder goes, staging folder included. */
  addOutput(outDir: string): void {
    this.folders.push(dirname(outDir));
  }

  addFolder(dir: string): void {
    this.folders.push(dir);
  }

  removeAll(): void {
    for (const dir of this.folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}
