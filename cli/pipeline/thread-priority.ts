// Lowers the scheduling priority of the calling worker thread (Linux only; elsewhere nothing
// happens). A build's helper threads (code highlighting, the search index) share the second
// core with the V8 threads that optimize the main thread's markdown parser; at a lower priority
// they take the CPU only when those are idle, so the main thread gets fast code sooner, and the
// helpers still finish long before their results are needed. Nice 5 did as well as 10 here
// (2.85 vs 2.87 s, 14 rounds each) and starves a helper less on a machine busy with other work.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export function lowerThreadPriority(niceness = 5): void {
  setThreadPriority(niceness);
}

/**
 * Back to normal priority, for a helper given work as urgent as the main thread's (the markdown
 * worker rendering pages). Only a privileged process may do that; otherwise it stays lower.
 */
export function restoreThreadPriority(): void {
  setThreadPriority(0);
}

function setThreadPriority(niceness: number): void {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>"; setpriority() on a thread id affects that thread only.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, niceness);
  } catch {
    // Not Linux, or not allowed: the priority stays as it was.
  }
}
