// What parsing alone costs: every markdown page of a site turned into its syntax tree (mdast)
// by remark-parse with the syntax extensions helpgen's pipeline gives it, and nothing after,
// in one fresh process, as a cold build's markdown phase meets it. A build that renders through
// remark-parse pays at least this, on one core or shared between two, whatever the rest of
// helpgen does: the floor under the build-time budgets, recorded beside them.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { summarize, type Summary } from './stats.ts';
import type { ChildRun } from './parse-floor-child.ts';

export interface ParseFloor {
  pages: number;
  markdownBytes: number;
  /** Parsing every page once in one thread, started cold. */
  wallMs: Summary;
  /** CPU time of the whole process meanwhile (V8's compiler and GC threads included). */
  cpuMs: Summary;
}

/**
 * `runs` cold parses of the site's pages, each in a fresh process running the child bundle
 * bin/helpgen-bench.js makes of ./parse-floor-child.ts (with the CLI's dependency patches).
 */
export function measureParseFloor(helpgenRoot: string, contentDir: string, runs = 3): ParseFloor {
  const child = join(helpgenRoot, 'node_modules', '.cache', 'helpgen-bench', 'parse-floor-child.mjs');
  const results: ChildRun[] = [];
  for (let run = 0; run < runs; run++) {
    const out = execFileSync(process.execPath, [child, contentDir], { encoding: 'utf8', maxBuffer: 1 << 20 });
    results.push(JSON.parse(out.trim().split('\n').at(-1)!) as ChildRun);
  }
  return {
    pages: results[0]!.pages,
    markdownBytes: results[0]!.bytes,
    wallMs: summarize(results.map((r) => r.wallMs))!,
    cpuMs: summarize(results.map((r) => r.cpuMs))!,
  };
}

