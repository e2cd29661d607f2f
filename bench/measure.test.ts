// The pieces of the benchmark that decide what counts: which imports are part of a page's
// first view, and how percentiles are taken.
import { describe, expect, it } from 'vitest';
import { staticImports } from './page-weight.ts';
import { percentile, summarize } from './stats.ts';

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
