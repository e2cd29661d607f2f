// The corpus generator: same seed, same site; and a generated ~170-page site builds with
// --strict and no diagnostic at all (no broken link, anchor, component or title warning).
// No timing is asserted here: these machines are noisy, timing lives in `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../cli/pipeline/build.ts';
import { Reporter } from '../cli/diagnostics/reporter.ts';
import { generateCorpus, REAL_PAGE_BYTES, writeCorpus } from './corpus.ts';

describe('generateCorpus', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateCorpus({ pages: 170, seed: 11 });
    const b = generateCorpus({ pages: 170, seed: 11 });
    const c = generateCorpus({ pages: 170, seed: 12 });
    expect(b.files).toEqual(a.files);
    expect(c.files).not.toEqual(a.files);
  });

  it('has the requested size, real page sizes and the features of our pages', () => {
    const corpus = generateCorpus({ pages: 170, seed: 11 });
    expect(corpus.pages).toBe(170);
    const mean = corpus.markdownBytes / corpus.pages;
    expect(mean).toBeGreaterThan(REAL_PAGE_BYTES.mean * 0.9);
    expect(mean).toBeLessThan(REAL_PAGE_BYTES.mean * 1.1);
    const paths = corpus.files.map((f) => f.path);
    const text = corpus.files.map((f) => f.contents).join('\n');
    expect(paths.some((p) => /content\/.+ .+\/.+\.md$/.test(p))).toBe(true);
    expect(paths.some((p) => p.endsWith('_category_.json'))).toBe(true);
    expect(paths).toContain('help.config.ts');
    for (const lang of ['bash', 'json', 'javascript', 'typescript', 'yaml']) expect(text).toContain('```' + lang);
    expect(text).toMatch(/^:::tip /m);
    expect(text).toMatch(/^\| --- \|/m);
    expect(text).toMatch(/^### /m);
    expect(text).toMatch(/\]\([^)]*%20[^)]*\.md(#[a-z0-9-]+)?\)/);
    expect(text).toMatch(/\]\([^)]*\.md#[a-z0-9-]+\)/);
  });

  it('keeps the probe page identical across sizes', () => {
    const small = generateCorpus({ pages: 170, seed: 11 });
    const large = generateCorpus({ pages: 400, seed: 11 });
    expect(large.probe).toEqual(small.probe);
    const probe = (c: typeof small) => c.files.find((f) => f.path === `content/${c.probe.relPath}`)?.contents;
    expect(probe(large)).toBeDefined();
    expect(probe(large)).toBe(probe(small));
  });
});

describe('a generated site', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('builds with --strict and zero diagnostics', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-corpus-'));
    dirs.push(siteDir);
    const corpus = generateCorpus({ pages: 170, seed: 11 });
    writeCorpus(siteDir, corpus);
    const result = await build({ siteDir, outDir: join(siteDir, 'dist'), strict: true, reporter: new Reporter(() => {}), write: false });
    expect(result.reporter.diagnostics).toEqual([]);
    expect(result.pages.filter((p) => p.kind === 'doc')).toHaveLength(170);
  });
});
