// Issue 38: the parse-free answer to "is this {{placeholder}} in code?" (./code-ranges-fast.ts)
// must be remark's (./code-ranges.ts) or fall back to it. Here, hand-written cases aimed at each
// rule, each also pinning whether the fast path answers; test/faithful/code-ranges-corpora.test.ts
// checks every real page we have.
import { describe, expect, it } from 'vitest';
import { compareWithParser, NASTY_CASES } from './code-ranges-fast.cases.ts';

describe('code ranges without a parse', () => {
  it.each(NASTY_CASES)('$name', ({ source, expect: wanted }) => {
    const { outcome, fast, parsed } = compareWithParser(source);
    expect(outcome).toBe(wanted);
    expect(fast).toEqual(parsed);
  });
});
