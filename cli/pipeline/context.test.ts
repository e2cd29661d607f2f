import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhaseTimer } from './context.ts';

/** What PhaseTimer.print() writes, line by line, with HELPGEN_TIMINGS set to `timings`. */
function printed(timings: string, phases: (timer: PhaseTimer) => void): string[] {
  vi.stubEnv('HELPGEN_TIMINGS', timings);
  let out = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const timer = new PhaseTimer();
  phases(timer);
  timer.print();
  return out.split('\n').filter(Boolean);
}

/** Keeps this thread busy until it has used `ms` of CPU time (a loop on CPU used, not on a clock). */
function spendCpu(ms: number): void {
  const start = process.cpuUsage();
  let x = 0;
  while (true) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) break;
    for (let i = 0; i < 10_000; i++) x += Math.sqrt(i);
  }
  expect(x).toBeGreaterThan(0);
}

describe('PhaseTimer', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('HELPGEN_TIMINGS=cpu adds the CPU time of each phase, on a line the bench tells apart; =1 prints only the wall times', () => {
    const lines = printed('cpu', (timer) => {
      spendCpu(30);
      timer.mark('markdown');
      timer.mark('write');
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^markdown \d+ ms, write \d+ ms$/);
    const cpu = /^phase CPU: markdown (\d+) ms, write (\d+) ms$/.exec(lines[1]!);
    expect(cpu, lines[1]).not.toBeNull();
    expect(Number(cpu![1])).toBeGreaterThanOrEqual(30);
    vi.restoreAllMocks();
    const plain = printed('1', (timer) => timer.mark('scan'));
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatch(/^scan \d+ ms$/);
  });
});
