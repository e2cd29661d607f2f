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

/**
 * Starts timing the worker's last task: `print` then writes, under HELPGEN_TIMINGS, e.g.
 * "search index worker: 1.62 s CPU (0.41 s of it finishing), 2.90 s busy; 1 of 9109 pages
 * analysed" on stderr (`note`: what the task did).
 */
export function timeLastTask(name: string): { print(note?: string): void } {
  if (!process.env.HELPGEN_TIMINGS) return { print() {} };
  const before = threadCpuMs();
  return {
    print(note) {
      const cpu = threadCpuMs();
      const busy = performance.eventLoopUtilization().active;
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      const cpuText = cpu === undefined || before === undefined ? '' : `${seconds(cpu)} CPU (${seconds(cpu - before)} of it finishing), `;
      process.stderr.write(`${name}: ${cpuText}${seconds(busy)} busy${note ? `; ${note}` : ''}\n`);
    },
  };
}
