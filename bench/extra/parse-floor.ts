// What parsing alone costs: every markdown page of a site turned into its syntax tree (mdast)
// by remark-parse with the syntax extensions helpgen's pipeline gives it, and nothing after,
// in one fresh process, as a cold build's markdown phase meets it. A build that renders through
// remark-parse pays at least this, on one core or shared between two, whatever the rest of
// helpgen does: the floor under the build-time budgets, recorded beside them. Beside it, the
// floor of the whole stack: a fresh process that parses each page the same way and makes it an
// HTML page through remark-rehype, rehype-stringify and React, and does nothing else (see
// ./parse-floor-child.ts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { summarize, type Summary } from '../stats.ts';
import type { ChildRun, FloorMode } from './parse-floor-child.ts';

export interface ParseFloor {
  pages: number;
  markdownBytes: number;
  /** Parsing every page once in one thread, started cold. */
  wallMs: Summary;
  /** CPU time of the whole process meanwhile (V8's compiler and GC threads included). */
  cpuMs: Summary;
  /** The bare stack, from the process's start to the last page made: its wall time and CPU time. */
  stack?: { wallMs: Summary; cpuMs: Summary };
}

/**
 * `runs` cold parses of the site's pages and as many bare-stack runs, alternating, each in a
 * fresh process running the child bundle bin/helpgen-bench.js makes of ./parse-floor-child.ts
 * (with the CLI's dependency patches).
 */
export function measureParseFloor(helpgenRoot: string, contentDir: string, runs = 3): ParseFloor {
  const child = join(helpgenRoot, 'node_modules', '.cache', 'helpgen-bench', 'parse-floor-child.mjs');
  // NODE_ENV as bin/launcher.js sets it for a build, so React runs its production build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = (mode: FloorMode): ChildRun => {
    const out = execFileSync(process.execPath, [child, contentDir, mode], { encoding: 'utf8', maxBuffer: 1 << 20, env });
    return JSON.parse(out.trim().split('\n').at(-1)!) as ChildRun;
  };
  const parses: ChildRun[] = [];
  const stacks: ChildRun[] = [];
  for (let n = 0; n < runs; n++) {
    parses.push(run('parse'));
    stacks.push(run('stack'));
  }
  return {
    pages: parses[0]!.pages,
    markdownBytes: parses[0]!.bytes,
    wallMs: summarize(parses.map((r) => r.wallMs))!,
    cpuMs: summarize(parses.map((r) => r.cpuMs))!,
    stack: { wallMs: summarize(stacks.map((r) => r.wallMs))!, cpuMs: summarize(stacks.map((r) => r.cpuMs))! },
  };
}
