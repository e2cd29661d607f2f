// `npm run bench -- --huge`: one cold build of a 50,000-page generated site, to record what a
// very large help centre costs (time, peak memory, output size, time per phase) and where it
// breaks; issue 38's budgets on peak memory and time per page read it (../scale-budgets.ts).
// A build whose output would fill the disk is stopped with 10 GB still free, and a build is
// stopped at its time limit; either way the figures say how far it got (the last progress
// line it printed) and with how much memory.
import { join, relative } from 'node:path';
import { coldBuild, removeOutput, tempOutDir, type BuildRun } from '../cold-build.ts';
import { generateCorpus, writeCorpus } from '../corpus.ts';
import { diskGuard } from './disk-guard.ts';
import { outputCounts } from '../output-size.ts';

export const HUGE_PAGES = 50_000;

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
}

export async function measureHuge(options: { helpgenRoot: string; workDir: string; seed: number; pages?: number; timeoutMs: number; log: (line: string) => void }): Promise<HugeResult> {
  const pages = options.pages ?? HUGE_PAGES;
  const siteDir = join(options.workDir, `site-${pages}`);
  const corpus = generateCorpus({ pages, seed: options.seed });
  writeCorpus(siteDir, corpus);
  options.log(`generated ${corpus.pages} pages for the very large site → ${relative(options.helpgenRoot, siteDir)}`);
  const outDir = tempOutDir('helpgen-bench-huge-');
  try {
    const run = await coldBuild({ helpgenRoot: options.helpgenRoot, siteDir, outDir, strict: true, timeoutMs: options.timeoutMs, watch: diskGuard(join(outDir, '..')) });
    const { outputBytes: bytes, htmlFiles: html } = outputCounts(join(outDir, '..')); // a build stopped half-way leaves them in its staging folder
    const rss = run.peakRssMb === undefined ? 'peak memory unknown' : `peak RSS ${(run.peakRssMb / 1024).toFixed(1)} GiB`;
    const summary = run.ok
      ? `built ${run.pages} pages in ${(run.wallMs / 1000).toFixed(0)} s, ${rss}, ${(bytes / 1e9).toFixed(1)} GB written`
      : `did not finish (${run.error?.split('\n')[0]}) after ${(run.wallMs / 1000).toFixed(0)} s${run.lastProgress ? `, at "${run.lastProgress}"` : ''}; ${rss}; ${html.toLocaleString('en-US')} HTML pages and ${(bytes / 1e9).toFixed(1)} GB written by then`;
    options.log(`${pages.toLocaleString('en-US')} pages: ${summary}`);
    return { pages: corpus.pages, markdownBytes: corpus.markdownBytes, siteDir: relative(options.helpgenRoot, siteDir), run, outputBytes: bytes, htmlFiles: html, summary };
  } finally {
    removeOutput(outDir);
  }
}
