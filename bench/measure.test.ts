// The pieces of the benchmark that decide what counts: which imports are part of a page's
// first view, and how percentiles are taken; and that a series of timed builds removes no
// output until it is over.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports } from './page-weight.ts';
import { percentile, summarize } from './stats.ts';
import { medianCpu, medianPhases, parseCopiedPages, parsePhases, RemovedLater, tempOutDir } from './cold-build.ts';

describe('staticImports', () => {
  it('follows static imports and re-exports of minified esbuild output, not import()', () => {
    const code = 'import{a as b}from"./chunk-A.js";import"./side.js";export{c}from"./chunk-B.js";const m=()=>import("./search-C.js");';
    expect(staticImports(code)).toEqual(['./chunk-A.js', './side.js', './chunk-B.js']);
  });
});

describe('stats', () => {
  it('takes medians and interpolated percentiles', () => {
    expect(summarize([5, 1, 3])).toEqual({ n: 3, median: 3, min: 1, max: 5 });
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 95)).toBeCloseTo(95.05);
  });
});

describe('parsePhases', () => {
  it('reads the phase times a build prints with HELPGEN_TIMINGS, and nothing else', () => {
    const stderr = [
      'Scanning content/…',
      'scan 329 ms, markdown 7067 ms, search index (indexed on a worker) and client assets 316 ms, render, check and write pages 1121 ms, cache 0 ms',
      'process start to build 964 ms, config 85 ms, write 1 ms',
      'content/a.md:3:1: warning: took 12 ms',
    ].join('\n');
    expect(parsePhases(stderr)).toEqual({
      scan: 329,
      markdown: 7067,
      'search index (indexed on a worker) and client assets': 316,
      'render, check and write pages': 1121,
      cache: 0,
      'process start to build': 964,
      config: 85,
      write: 1,
    });
    expect(parsePhases('✔ Built 3 pages in 1.00 s')).toBeUndefined();
  });
});

describe('medianPhases', () => {
  it('takes the median of each phase over the runs', () => {
    const run = (scan: number) => ({ ok: true, wallMs: 1, timedOut: false, exitCode: 0, warnings: 0, phases: { scan } });
    expect(medianPhases([run(10), run(30), run(20)])).toEqual({ scan: 20 });
  });
});

describe('medianCpu', () => {
  it('takes the median user and system time over the runs GNU time measured', () => {
    const run = (cpuMs?: { user: number; sys: number }) => ({ ok: true, wallMs: 1, timedOut: false, exitCode: 0, warnings: 0, cpuMs });
    expect(medianCpu([run({ user: 4000, sys: 900 }), run(), run({ user: 5000, sys: 300 }), run({ user: 4500, sys: 500 })])).toEqual({ user: 4500, sys: 500 });
    expect(medianCpu([run()])).toBeUndefined();
  });
});

describe('parseCopiedPages', () => {
  it('reads the pages a warm build copied from its summary line, and 0 when it copied none', () => {
    expect(parseCopiedPages('✔ Built 9109 pages in 3.10 s (9108 unchanged, copied from the build cache) → ../out/support/\n')).toBe(9108);
    expect(parseCopiedPages('✔ Built 9109 pages in 31.02 s → ../out/support/\n')).toBe(0);
    expect(parseCopiedPages('✔ Built 9109 pages in 1.10 s (9108 unchanged, left in dist/ as they were) → dist/support/\n')).toBe(9108);
  });
});

describe('RemovedLater', () => {
  it('removes nothing until removeAll, then each output with its temporary folder (staging included) and each folder added', () => {
    const out = tempOutDir('helpgen-bench-removed-later-');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), 'built');
    mkdirSync(join(dirname(out), '.out.staging'));
    const aside = mkdtempSync(join(tmpdir(), 'helpgen-bench-removed-later-aside-'));
    const removed = new RemovedLater();
    removed.addOutput(out);
    removed.addFolder(aside);
    expect([existsSync(join(out, 'index.html')), existsSync(aside)]).toEqual([true, true]);
    removed.removeAll();
    expect([existsSync(dirname(out)), existsSync(aside)]).toEqual([false, false]);
  });
});
