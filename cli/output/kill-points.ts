// For tests of the recovery (./output-recovery.ts): with HELPGEN_KILL_AT=<point>, the process
// kills itself (SIGKILL, as kill -9 or a crash would) on reaching that point of writing its output.
const killAt = process.env.HELPGEN_KILL_AT;

export type KillPoint = 'file-written' | 'staging-complete' | 'old-moved-aside' | 'new-moved-in' | 'apply-started' | 'file-applied' | 'files-applied';

export function killPoint(point: KillPoint): void {
  if (killAt === point) process.kill(process.pid, 'SIGKILL');
}
