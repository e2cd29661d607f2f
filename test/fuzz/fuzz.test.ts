// The hostile-input fuzz, a small sample of it (`npm run fuzz` runs 10,000 documents): each
// generated document (./generate.ts) is built through the real CLI, and no build crashes,
// hangs or stops with an error that names no file and line.
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.ts';
import { generateDocument } from './generate.ts';
import { runFuzz, unlocatedErrors } from './run.ts';

describe('the hostile-input fuzz', () => {
  it('generates the same bytes for a seed and index, and different documents otherwise', () => {
    expect(generateDocument(3, 14).equals(generateDocument(3, 14))).toBe(true);
    expect(generateDocument(3, 14).equals(generateDocument(3, 15))).toBe(false);
    expect(generateDocument(4, 14).equals(generateDocument(3, 14))).toBe(false);
  });

  it('tells located errors from unlocated ones', () => {
    const output = ['content/a.md:3:1: error: located', 'content/a.md: error: file only', 'error: nothing', 'content/a.md:3:1: warning: fine', '  hint text with error: inside'].join('\n');
    expect(unlocatedErrors(output)).toEqual(['content/a.md: error: file only', 'error: nothing']);
  });

  it('builds 150 documents with no crash, no hang and no unlocated error', async () => {
    const result = await runFuzz({ root: repoRoot, count: 150, seed: 20_261_206, batchSize: 75 });
    expect(result.findings).toEqual([]);
    expect(result.documents).toBe(150);
  });
});
