// One timed child process (a helpgen build, a Hugo build): wall time around the whole child,
// peak memory and CPU time from GNU time (-v) when it is installed, else the VmHWM high-water
// mark sampled from /proc while the child runs (also the figure when a run is killed: GNU time
// dies with it and reports nothing). `watch` may stop the child with a reason (../extra/huge.ts
// stops a build whose output would fill the disk).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface TimedRun {
  wallMs: number;
  /** Peak resident set size in MiB, when it could be measured. */
  peakRssMb?: number;
  /**
   * CPU time of the child and its threads, in ms: load stretches wall time far more than CPU
   * time, and system time (file creation, page faults) shows a build bound by the file system.
   */
  cpuMs?: { user: number; sys: number };
  exitCode: number | null;
  /** Why the child was stopped before it ended (time limit, or what `watch` said). */
  stopped?: string;
  stdout: string;
  /** The last 200,000 characters of stderr. */
  stderr: string;
}

interface TimedOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Called every 2 s: a string stops the child, and becomes its `stopped` reason. */
  watch?: () => string | undefined;
}

const GNU_TIME = '/usr/bin/time';

export function hasGnuTime(): boolean {
  return existsSync(GNU_TIME);
}

export async function timedProcess(command: string, args: string[], options: TimedOptions): Promise<TimedRun> {
  const timeDir = hasGnuTime() ? mkdtempSync(join(tmpdir(), 'helpgen-bench-time-')) : undefined;
  const timeFile = timeDir ? join(timeDir, 'time.txt') : undefined;
  const [file, argv] = timeFile ? [GNU_TIME, ['-v', '-o', timeFile, command, ...args]] : [command, args];

  const started = performance.now();
  // Its own process group, so a stop reaches the child under /usr/bin/time as well.
  const child = spawn(file, argv, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: options.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-200_000)));
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-200_000)));

  let stopped: string | undefined;
  const stop = (reason: string) => {
    if (stopped) return;
    stopped = reason;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  };
  let hwmKb = 0;
  const poll = setInterval(() => (hwmKb = Math.max(hwmKb, treeHwmKb(child.pid))), 50);
  const watcher = options.watch && setInterval(() => {
    const reason = options.watch!();
    if (reason) stop(reason);
  }, 2000);
  const timer = setTimeout(() => stop(`killed after ${Math.round(options.timeoutMs / 1000)} s (time limit)`), options.timeoutMs);

  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  clearInterval(poll);
  if (watcher) clearInterval(watcher);

  let peakRssMb: number | undefined = hwmKb ? hwmKb / 1024 : undefined;
  let cpuMs: TimedRun['cpuMs'];
  if (timeFile) {
    try {
      const report = readFileSync(timeFile, 'utf8');
      const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
      if (match) peakRssMb = Number(match[1]) / 1024;
      const user = /User time \(seconds\): ([\d.]+)/.exec(report);
      const sys = /System time \(seconds\): ([\d.]+)/.exec(report);
      if (user && sys) cpuMs = { user: Number(user[1]) * 1000, sys: Number(sys[1]) * 1000 };
    } catch {
      // GNU time writes nothing when its child is killed: the sampled figure stands.
    }
    rmSync(timeDir!, { recursive: true, force: true });
  }
  return { wallMs, peakRssMb, cpuMs, exitCode, stopped, stdout, stderr };
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
