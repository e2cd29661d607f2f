// `npm run bench -- --huge`: one cold build of a 50,000-page generated site, to record what a
// very large help centre costs (time, peak memory, output size, time per phase) and where it
// breaks; issue 38's budgets on peak memory and time per page read it (../scale-budgets.ts).
// A build whose output would fill the disk is stopped with 10 GB still free, and a build is
// stopped at its time limit; either way the figures say how far it got (the last progress
// line it printed) and with how much memory.
//
// The 8,500-page site is built cold just before and just after it, and the budget on time per
// page compares the very large site with the faster of those two builds (../scale-budgets.ts).
// This machine's speed drifts by tens of percent over minutes: the same 50,000-page build took
// 259 to 374 s of CPU in three runs. Sizes measured twenty minutes apart compared the machine
// with itself as much as the build; the peer runs are interleaved for the same reason (./peer.ts).
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { coldBuild, RemovedLater, tempOutDir, type BuildRun } from '../cold-build.ts';
import { generateCorpus, writeCorpus, type Corpus } from '../corpus.ts';
import { diskGuard } from './disk-guard.ts';
import { outputCounts } from '../output-size.ts';

export const HUGE_PAGES = 50_000;
/** The generated site built before and after the very large one, for its time per page. */
export const BESIDE_PAGES = 8_500;

export interface HugeResult {
  pages: number;
  markdownBytes: number;
  siteDir: string;
  run: BuildRun;
  /** Bytes the build had written when it ended or was stopped. */
  outputBytes: number;
  /** HTML pages it had written by then. */
  htmlFiles: number;
  /** What happened, in a sentence: how long and how large, or where it stopped. */
  summary: string;
  /** Cold builds of the 8,500-page site, just before and just after this one (older results have none). */
  beside?: { pages: number; runs: BuildRun[] };
}

export async function measureHuge(options: { helpgenRoot: string; workDir: string; seed: number; pages?: number; timeoutMs: number; log: (line: string) => void }): Promise<HugeResult> {
  const pages = options.pages ?? HUGE_PAGES;
  const siteDir = join(options.workDir, `site-${pages}`);
  // Only its counts are kept: the bench process need not hold the whole corpus while the builds run.
  const { pages: generated, markdownBytes } = written(siteDir, generateCorpus({ pages, seed: options.seed }));
  options.log(`generated ${generated} pages for the very large site → ${relative(options.helpgenRoot, siteDir)}`);
  // The same site as a full run's 8,500 pages (same seed), written again: --add may run alone.
  const besideDir = join(options.workDir, `site-${BESIDE_PAGES}`);
  written(besideDir, generateCorpus({ pages: BESIDE_PAGES, seed: options.seed }));
  // Both corpora reach the disk now, not while the builds run (the large one is 261 MB).
  spawnSync('sync');
  // The outputs are removed once the three builds are done, not between two (RemovedLater).
  const removed = new RemovedLater();
  try {
    const beside = { pages: BESIDE_PAGES, runs: [await besideBuild(options, besideDir, removed)] };
    const measured = await measureOnce(options, siteDir, removed);
    beside.runs.push(await besideBuild(options, besideDir, removed));
    return { pages: generated, markdownBytes, siteDir: relative(options.helpgenRoot, siteDir), ...measured, beside };
  } finally {
    removed.removeAll();
  }
}

/** Writes a corpus into `siteDir` and gives back its counts. */
function written(siteDir: string, corpus: Corpus): Pick<Corpus, 'pages' | 'markdownBytes'> {
  writeCorpus(siteDir, corpus);
  return { pages: corpus.pages, markdownBytes: corpus.markdownBytes };
}

/** The very large site's cold build, with what it wrote, into a folder `removed` takes. */
async function measureOnce(options: { helpgenRoot: string; pages?: number; timeoutMs: number; log: (line: string) => void }, siteDir: string, removed: RemovedLater): Promise<Pick<HugeResult, 'run' | 'outputBytes' | 'htmlFiles' | 'summary'>> {
  const outDir = tempOutDir('helpgen-bench-huge-');
  try {
    const run = await coldBuild({ helpgenRoot: options.helpgenRoot, siteDir, outDir, strict: true, timeoutMs: options.timeoutMs, watch: diskGuard(join(outDir, '..')) });
    const { outputBytes: bytes, htmlFiles: html } = outputCounts(join(outDir, '..')); // a build stopped half-way leaves them in its staging folder
    const rss = run.peakRssMb === undefined ? 'peak memory unknown' : `peak RSS ${(run.peakRssMb / 1024).toFixed(1)} GiB`;
    const summary = run.ok
      ? `built ${run.pages} pages in ${(run.wallMs / 1000).toFixed(0)} s, ${rss}, ${(bytes / 1e9).toFixed(1)} GB written`
      : `did not finish (${run.error?.split('\n')[0]}) after ${(run.wallMs / 1000).toFixed(0)} s${run.lastProgress ? `, at "${run.lastProgress}"` : ''}; ${rss}; ${html.toLocaleString('en-US')} HTML pages and ${(bytes / 1e9).toFixed(1)} GB written by then`;
    options.log(`${(options.pages ?? HUGE_PAGES).toLocaleString('en-US')} pages: ${summary}`);
    return { run, outputBytes: bytes, htmlFiles: html, summary };
  } finally {
    removed.addOutput(outDir);
  }
}

/** One cold build of the 8,500-page site, as a full run makes it (--strict), into a folder `removed` takes. */
async function besideBuild(options: { helpgenRoot: string; log: (line: string) => void }, siteDir: string, removed: RemovedLater): Promise<BuildRun> {
  const outDir = tempOutDir('helpgen-bench-beside-');
  try {
    const run = await coldBuild({ helpgenRoot: options.helpgenRoot, siteDir, outDir, strict: true, timeoutMs: 10 * 60_000 });
    options.log(`${BESIDE_PAGES.toLocaleString('en-US')} pages beside it: ${run.ok ? `${run.pages} pages in ${(run.wallMs / 1000).toFixed(1)} s` : `failed: ${run.error?.split('\n')[0]}`}`);
    return run;
  } finally {
    removed.addOutput(outDir);
  }
}
