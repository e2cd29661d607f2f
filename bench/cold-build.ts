// One cold production build: a fresh `bin/helpgen.js build --no-cache` child process, run
// through its shebang like `npx helpgen` runs it (with the node flags it sets there), so
// nothing (module cache, JIT, highlighter, React, helpgen's build cache on disk) survives from a
// previous run. With `cache: true` it is a rebuild that may reuse the build cache instead. Wall time is taken
// around the whole child, startup included, because that is what a writer or CI waits for.
// Peak memory is the child's maximum RSS from GNU time (-v). The VmHWM high-water mark is also
// sampled from /proc while the child runs: it is the figure when /usr/bin/time is missing, and
// when a run is killed for taking too long (GNU time dies with it and reports nothing).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export interface BuildRun {
  ok: boolean;
  wallMs: number;
  /** Peak resident set size in MB, when it could be measured. */
  peakRssMb?: number;
  timedOut: boolean;
  exitCode: number | null;
  /** Pages the CLI said it built. */
  pages?: number;
  warnings: number;
  /** First lines of stderr when the build failed. */
  error?: string;
}

export interface ColdBuildOptions {
  helpgenRoot: string;
  siteDir: string;
  outDir: string;
  strict: boolean;
  timeoutMs: number;
  /** Let the build use helpgen's build cache on disk (default: no, a cold build). */
  cache?: boolean;
}

const GNU_TIME = '/usr/bin/time';

export function hasGnuTime(): boolean {
  return existsSync(GNU_TIME);
}

export async function coldBuild(options: ColdBuildOptions): Promise<BuildRun> {
  const cli = join(options.helpgenRoot, 'bin', 'helpgen.js');
  const args = ['build', options.siteDir, '--out', options.outDir, ...(options.strict ? ['--strict'] : []), ...(options.cache ? [] : ['--no-cache'])];
  const useTime = hasGnuTime();
  const timeDir = useTime ? mkdtempSync(join(tmpdir(), 'helpgen-bench-time-')) : undefined;
  const timeFile = timeDir ? join(timeDir, 'time.txt') : undefined;
  const [command, argv] = timeFile ? [GNU_TIME, ['-v', '-o', timeFile, cli, ...args]] : [cli, args];

  const started = performance.now();
  // Its own process group, so a timeout can stop node under /usr/bin/time as well.
  const child = spawn(command, argv, {
    cwd: options.helpgenRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The shebang finds node on PATH: make that the node running the benchmark.
    env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-200_000)));

  let hwmKb = 0;
  const poll = setInterval(() => (hwmKb = Math.max(hwmKb, treeHwmKb(child.pid))), 50);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, options.timeoutMs);

  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  clearInterval(poll);

  let peakRssMb: number | undefined = hwmKb ? hwmKb / 1024 : undefined;
  if (timeFile) {
    try {
      const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'));
      if (match) peakRssMb = Number(match[1]) / 1024;
    } catch {
      // GNU time writes nothing when its child is killed; the run is reported as timed out.
    }
    rmSync(timeDir!, { recursive: true, force: true });
  }
  const ok = exitCode === 0 && !timedOut;
  const built = /Built (\d+) pages/.exec(stdout);
  const warnings = (stderr.match(/: warning: /g) ?? []).length;
  return {
    ok,
    wallMs,
    peakRssMb,
    timedOut,
    exitCode,
    pages: built ? Number(built[1]) : undefined,
    warnings,
    error: ok ? undefined : timedOut ? `killed after ${Math.round(options.timeoutMs / 1000)} s (time limit)` : failure(stderr, exitCode),
  };
}

/** Largest VmHWM of a process and its descendants (node runs under /usr/bin/time). */
function treeHwmKb(pid: number | undefined): number {
  if (!pid) return 0;
  let best = 0;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) best = Number(match[1]);
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
      best = Math.max(best, treeHwmKb(Number(child)));
    }
  } catch {
    // The process ended between two samples.
  }
  return best;
}

/** What went wrong, in a line or a few: V8's out-of-memory report is mostly a stack dump. */
function failure(stderr: string, exitCode: number | null): string {
  if (/heap out of memory/.test(stderr)) return 'crashed: JavaScript heap out of memory';
  const lines = stderr.trim().split('\n').filter(Boolean);
  const errors = lines.filter((l) => /error/i.test(l));
  return (errors.length ? errors.slice(0, 3) : lines.slice(-4)).join('\n') || `exit code ${exitCode}`;
}
