// The floors beside the build-time budgets: the child bundled as bin/helpgen-bench.js bundles it
// (bin/parse-floor-bundle.js), run in both modes on a small site, and the budget notes made of it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleParseFloorChild } from '../../bin/parse-floor-bundle.js';
import { checkBudgets } from '../budgets.ts';
import type { ChildRun } from './parse-floor-child.ts';
import type { PeerResult } from './peer.ts';
import type { SiteResult } from '../results.ts';

const PAGES: Record<string, string> = {
  'index.md': '---\ntitle: Home\n---\n\n# Home\n\nRead [the guide](guide/lock.md).\n',
  'guide/lock.md': '# Lock a record\n\n| Field | Locked |\n| --- | --- |\n| Name | yes |\n\n- [x] done\n',
  'guide/code.md': '# Call the API\n\n```bash\ncurl https://example.com\n```\n\n:::note\nA note.\n:::\n',
  // The writers' guide is not a page.
  'STYLE.md': '# Style\n',
};

let dir: string;
let child: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'helpgen-floor-'));
  for (const [path, text] of Object.entries(PAGES)) {
    mkdirSync(join(dir, 'content', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'content', path), text);
  }
  child = join(dir, 'parse-floor-child.mjs');
  await bundleParseFloorChild(join(import.meta.dirname, '..', '..'), child);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(mode: string): ChildRun {
  const out = execFileSync(process.execPath, [child, join(dir, 'content'), mode], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  return JSON.parse(out.trim()) as ChildRun;
}

describe('the parse-floor child', () => {
  const bytes = Object.entries(PAGES)
    .filter(([path]) => path !== 'STYLE.md')
    .reduce((n, [, text]) => n + Buffer.byteLength(text), 0);

  it('parses every page but the writers\' guide and times it', () => {
    const parsed = run('parse');
    expect(parsed).toMatchObject({ pages: 3, bytes });
    expect(parsed.wallMs).toBeGreaterThan(0);
    expect(parsed.cpuMs).toBeGreaterThan(0);
  });

  it('runs the bare stack over the same pages, timed from the process start', () => {
    const stack = run('stack');
    expect(stack).toMatchObject({ pages: 3, bytes });
    // performance.now() counts from the process start, so the span holds node's own start.
    expect(stack.wallMs).toBeGreaterThan(0);
    expect(stack.cpuMs).toBeGreaterThan(0);
  });
});

describe('the budget notes', () => {
  const summary = (median: number) => ({ n: 3, median, min: median, max: median });
  const floor = { pages: 168, markdownBytes: 959_387, wallMs: summary(870), cpuMs: summary(1200), stack: { wallMs: summary(1170), cpuMs: summary(1600) } };
  const own = { id: 'own', label: 'our site', siteDir: '.', markdownPages: 168, build: { strict: false, runs: [], wallMs: summary(3000) }, parseFloor: floor } as unknown as SiteResult;

  it('say what the bare stack takes beside our site\'s build budget', () => {
    const check = checkBudgets([own]).find((c) => c.id === 'build-own-floor')!;
    expect(check.holds).toBe(false);
    expect(check.note).toBe('build 3.00 s; the bare stack alone (parse, remark-rehype, rehype-stringify, a React page; nothing else) takes 1.17 s from process start, 1.60 s of CPU');
  });

  it('give the bare stack as a multiple of Hugo beside the side-by-side ratio', () => {
    const run = { ok: true, wallMs: 0 };
    const peer = {
      sizes: [{ pages: 1680, markdownPages: 1680, peer: { runs: [run], wallMs: summary(250) }, helpgen: { runs: [run], wallMs: summary(1800) }, pairRatios: [7.2], ratio: 7.2, parseFloor: { ...floor, stack: { wallMs: summary(700), cpuMs: summary(900) } } }],
    } as unknown as PeerResult;
    const check = checkBudgets([own], peer).find((c) => c.id === 'peer-hugo-1680')!;
    expect(check.note).toBe("median of 1 interleaved pair(s); the bare stack alone (parse, remark-rehype, rehype-stringify, a React page; nothing else) takes 0.70 s from process start, 0.90 s of CPU, 2.80 × Hugo's build");
  });
});
