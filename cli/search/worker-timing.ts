// What the search index worker cost, printed under HELPGEN_TIMINGS when it finishes: its
// thread's CPU time and its event loop's busy time. The two differ on a loaded machine: busy
// time (and a CPU profile's samples, which are wall time) counts the moments the thread waited
// for a core, CPU time only the work itself, which is what the rest of the build competes for.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** This thread's CPU time in ms (user + system), from Linux's /proc/thread-self/stat; undefined elsewhere. */
export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // After the command name in parentheses: state is field 3, utime 14, stime 15 (clock ticks of 10 ms).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** "search index worker: 1.62 s CPU, 2.90 s busy" on stderr, under HELPGEN_TIMINGS. */
export function printWorkerTiming(name: string): void {
  if (!process.env.HELPGEN_TIMINGS) return;
  const cpu = threadCpuMs();
  const busy = performance.eventLoopUtilization().active;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  process.stderr.write(`${name}: ${cpu === undefined ? '' : `${seconds(cpu)} CPU, `}${seconds(busy)} busy\n`);
}
