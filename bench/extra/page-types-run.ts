// The page-type measures of our site (./page-types.ts): part of `npm run bench`, and on their
// own with `--lighthouse-only`, which builds our site once (untimed), serves it with
// `helpgen serve` on a free port and puts the figures into the existing results file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { coldBuild } from '../cold-build.ts';
import { launchChromium, scriptsBeforeInteraction } from './eager-js.ts';
import { lighthouseRun } from './lighthouse-run.ts';
import { measurePageWeight } from '../page-weight.ts';
import { PAGE_TYPES, medianLighthouse, type LighthouseRun, type PageTypeResult, type PageTypesResult } from './page-types.ts';
import { recheckBudgets } from '../budgets.ts';
import { formatTable } from '../report.ts';
import type { Results } from '../results.ts';
import { serveBuilt } from './serve-built.ts';

export const LIGHTHOUSE_RUNS = 3;

const CONDITIONS = `scripts: headless Chromium at 375 px, cold cache, after load, network idle, an idle callback and 1 s of quiet network; Lighthouse 12.2.3 defaults (mobile, simulated Slow 4G and 4x CPU), median of ${LIGHTHOUSE_RUNS} runs; served by helpgen serve`;

/**
 * Every page type of a build of our site (`outDir`), served by `helpgen serve`. With `keepLighthouse`
 * (--scripts-only) only the scripts are measured, and each page type keeps that result's Lighthouse figures.
 */
export async function measurePageTypes(options: { helpgenRoot: string; siteDir: string; outDir: string; commit: string; runs?: number; log: (line: string) => void; keepLighthouse?: PageTypesResult }): Promise<PageTypesResult> {
  const { log } = options;
  const site = await serveBuilt(options);
  const pages: PageTypeResult[] = PAGE_TYPES.map((t) => ({ ...t }));
  try {
    const browser = await launchChromium();
    try {
      for (const page of pages) {
        try {
          page.beforeInteraction = await scriptsBeforeInteraction(browser, site.origin + page.route);
        } catch (error) {
          page.jsError = (error as Error).message.split('\n')[0];
        }
      }
    } finally {
      await browser.close();
    }
    for (const page of pages) {
      page.declaredEager = declaredEager(options.outDir, page.lighthouseRoute ?? page.route);
    }
    const kept = options.keepLighthouse;
    if (kept) {
      for (const page of pages) page.lighthouse = kept.pages.find((p) => p.id === page.id)?.lighthouse;
      return { ...summary(options.commit, pages), lighthouseFrom: kept.lighthouseFrom ?? { commit: kept.commit, date: kept.date } };
    }
    // Runs of different pages interleave, so a busy minute on the machine does not land on one page only.
    const runs: LighthouseRun[][] = pages.map(() => []);
    for (let round = 0; round < (options.runs ?? LIGHTHOUSE_RUNS); round++) {
      for (const [i, page] of pages.entries()) {
        const run = await lighthouseRun(site.origin + (page.lighthouseRoute ?? page.route));
        runs[i]!.push(run);
        log(`${page.label}: Lighthouse run ${round + 1}: ${run.error ?? `performance ${run.score}, TBT ${run.tbtMs?.toFixed(0)} ms, benchmark index ${run.benchmarkIndex?.toFixed(0) ?? '?'}`}`);
      }
    }
    pages.forEach((page, i) => {
      page.lighthouse = medianLighthouse(runs[i]!);
    });
  } finally {
    await site.close();
  }
  return summary(options.commit, pages);
}

function summary(commit: string, pages: PageTypeResult[]): PageTypesResult {
  return { date: new Date().toISOString(), commit, conditions: CONDITIONS, loadAverage: Math.round(loadavg()[0]! * 100) / 100, pages };
}

/** The eager script as the page's HTML declares it; undefined for a route with no file of its own (a query string is dropped). */
function declaredEager(outDir: string, route: string): PageTypeResult['declaredEager'] {
  try {
    const weight = measurePageWeight(outDir, route.split('?')[0]!);
    return { raw: weight.js.raw, gzip: weight.js.gzip, files: weight.jsFiles };
  } catch {
    return undefined;
  }
}

/**
 * `--lighthouse-only`: builds our site once (untimed), measures every page type and adds the
 * figures to the results file. `--scripts-only` (`scriptsOnly`): the scripts alone, the earlier
 * Lighthouse figures kept.
 */
export async function lighthouseOnly(options: { root: string; out: string; commit: string; runs?: number; scriptsOnly?: boolean }): Promise<void> {
  const { root, out } = options;
  const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
  const previous = structuredClone(results);
  const log = (line: string) => process.stdout.write(line + '\n');
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-pages-'));
  try {
    const built = await coldBuild({ helpgenRoot: root, siteDir: root, outDir, strict: false, timeoutMs: 180_000 });
    if (!built.ok) throw new Error(`our site did not build: ${built.error}`);
    const keepLighthouse = options.scriptsOnly ? results.pageTypes : undefined;
    if (options.scriptsOnly && !keepLighthouse) throw new Error(`--scripts-only keeps the Lighthouse figures of ${relative(process.cwd(), out)}, which has none: run --lighthouse-only`);
    results.pageTypes = await measurePageTypes({ helpgenRoot: root, siteDir: root, outDir, commit: options.commit, runs: options.runs, log, keepLighthouse });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  recheckBudgets(results, previous);
  results.notes = results.notes.filter((n) => !n.startsWith('page types:'));
  const from = results.pageTypes.lighthouseFrom;
  const how = from ? `scripts measured on their own (--scripts-only) on ${new Date().toISOString().slice(0, 10)} at commit ${options.commit}; Lighthouse figures from commit ${from.commit} (${from.date.slice(0, 10)})` : `measured on their own (--lighthouse-only) on ${new Date().toISOString().slice(0, 10)} at commit ${options.commit}`;
  results.notes.push(`page types: ${how}, 1-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`);
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  log(formatTable(results) + `\n\nadded the page-type figures of our site to ${relative(process.cwd(), out)}`);
}
