import { afterEach, describe, expect, it } from 'vitest';
import { indexBeforePages } from './build-runtime.ts';

describe('indexBeforePages', () => {
  afterEach(() => {
    delete process.env.HELPGEN_INDEX_FIRST_FROM;
  });

  it('finishes a large site index first when it rendered a tenth of its pages or more', () => {
    expect(indexBeforePages(8500, 8500)).toBe(true);
    expect(indexBeforePages(8500, 850)).toBe(true);
  });

  it('finishes it while the pages are made when a large site rendered fewer', () => {
    expect(indexBeforePages(8500, 1)).toBe(false);
    expect(indexBeforePages(8500, 0)).toBe(false);
    expect(indexBeforePages(8500, 849)).toBe(false);
  });

  it('always finishes a smaller site index while the pages are made', () => {
    expect(indexBeforePages(4999, 4999)).toBe(false);
  });

  it('takes the size a site counts as large from HELPGEN_INDEX_FIRST_FROM', () => {
    process.env.HELPGEN_INDEX_FIRST_FROM = '10';
    expect(indexBeforePages(20, 20)).toBe(true);
    expect(indexBeforePages(20, 1)).toBe(false);
    process.env.HELPGEN_INDEX_FIRST_FROM = 'many';
    expect(indexBeforePages(20, 20)).toBe(false);
  });
});
