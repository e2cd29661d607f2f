// Builds with the build cache in a full run: when the envelope runs short, the runs after a
// one-page edit (issue 38's budget) are measured and the informative unchanged rebuilds are left out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { BuildRun } from './cold-build.ts';

/** A fake clock: each build takes 10 s of it. */
let now = 0;
const builds: string[] = [];
vi.mock('./cold-build.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./cold-build.ts')>()),
  coldBuild: async (): Promise<BuildRun> => {
    builds.push(`build at ${now / 1000} s`);
    now += 10_000;
    return { ok: true, wallMs: 10_000, timedOut: false, exitCode: 0, warnings: 0, pages: 3, copiedPages: 2 };
  },
}));
const { measureCachedBuilds } = await import('./site-runs.ts');

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('measures the builds after an edit before the unchanged rebuilds, so a short envelope drops the latter', async () => {
  const root = mkdtempSync(join(tmpdir(), 'helpgen-bench-site-runs-'));
  dirs.push(root);
  for (const page of ['a.md', 'b.md', 'c.md']) {
    mkdirSync(join(root, 'site', 'content'), { recursive: true });
    writeFileSync(join(root, 'site', 'content', page), `# ${page}\n\nText.\n`);
  }
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  now = 0;
  builds.length = 0;
  const site = { id: 'gen-3', label: '3 pages', siteDir: relative(root, join(root, 'site')), generatedPages: 3, build: { strict: true, runs: [], wallMs: { median: 10_000, min: 10_000, max: 10_000, n: 1 } } };
  // Room for the fill build and three more: each run starts only if it would end 20 s before the end.
  const ctx = { root, corpusDir: root, args: {}, deadline: 60_000, notes: [], probes: new Map([['gen-3', '/support/a']]), log: () => undefined };
  await measureCachedBuilds(site as never, ctx as never, { maxRuns: 3, allowanceMs: 140_000, timeoutMs: 100_000 });
  expect(site.build).toMatchObject({ editedPage: join('content', 'c.md') });
  expect((site.build as { editedRuns?: BuildRun[] }).editedRuns).toHaveLength(2);
  expect((site.build as { cachedRuns?: BuildRun[] }).cachedRuns).toHaveLength(0);
  // The fill, two edited builds, and the untimed build that takes the page written back.
  expect(builds).toHaveLength(4);
});
