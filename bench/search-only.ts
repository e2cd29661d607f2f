// The search figures of a site (index files, warm query times, a first search in Chromium),
// and `npm run bench -- --search-only`: builds our site and each generated size once (no time
// limit: the builds are not what is measured), measures only search, and writes the figures
// into the existing results file, replacing each site's `search` and the budgets.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus, writeCorpus } from './corpus.ts';
import { coldBuild } from './cold-build.ts';
import { fileForUrl } from './page-weight.ts';
import { measureIndex, timeQueries } from './search.ts';
import { findSearchModule, fragmentBytes, indexTotal, loadQueryFunction, prepareSearchEngine } from './search-adapter.ts';
import { measureSearchTransfer } from './search-transfer.ts';
import { QUERIES } from './queries.ts';
import { checkBudgets, recheckBudgets } from './budgets.ts';
import { formatTable } from './report.ts';
import type { Results, SiteResult } from './results.ts';

type Log = (line: string) => void;

export async function measureSearch(root: string, outDir: string, route: string, log: Log): Promise<NonNullable<SiteResult['search']>> {
  const search: NonNullable<SiteResult['search']> = {};
  const index = measureIndex(outDir, route);
  if (!index) return { indexNote: 'n/a: the build wrote no local search index' };
  search.index = index;
  search.fragments = fragmentBytes(fileForUrl(outDir, index.url));
  search.total = indexTotal(fileForUrl(outDir, index.url));
  try {
    const t = (search.transfer = await measureSearchTransfer(outDir, route));
    log(`  first search "${t.query}": ${(t.burst.bytes / 1000).toFixed(1)} KB in ${t.burst.requests} requests (typed at ${t.typed.keyDelayMs} ms a key: ${(t.typed.bytes / 1000).toFixed(1)} KB in ${t.typed.requests}), results after ${t.burst.resultsMs} ms (median of ${t.burst.resultsMsRuns.join(', ')})`);
  } catch (error) {
    search.transferNote = `n/a: Chromium measurement failed: ${(error as Error).message.split('\n')[0]}`;
  }
  const module = findSearchModule(root);
  if (!module.file) return { ...search, queryNote: module.reason ?? 'n/a: no search module' };
  try {
    await prepareSearchEngine(root, module.file);
    search.queries = await timeQueries(() => loadQueryFunction(root, module.file!, outDir, index.url), QUERIES);
  } catch (error) {
    search.queryNote = `n/a: query function failed: ${(error as Error).message}`;
  }
  return search;
}

export interface SearchOnlyOptions {
  root: string;
  corpusDir: string;
  sizes: number[];
  own: boolean;
  out: string;
  seed: number;
  ownRoute: string;
  commit: string;
}

export async function searchOnly(options: SearchOnlyOptions): Promise<void> {
  const { root, corpusDir, out } = options;
  const log: Log = (line) => process.stdout.write(line + '\n');
  const targets: { id: string; label: string; siteDir: string; route: string; pages?: number }[] = [];
  if (options.own) targets.push({ id: 'own', label: 'our site', siteDir: root, route: options.ownRoute });
  for (const size of options.sizes) {
    const siteDir = join(corpusDir, `site-${size}`);
    const corpus = generateCorpus({ pages: size, seed: options.seed });
    writeCorpus(siteDir, corpus);
    targets.push({ id: `gen-${size}`, label: `${size.toLocaleString('en-US')} pages`, siteDir, route: corpus.probe.route, pages: size });
  }
  const results: Results = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Results) : ({ sites: [], budgets: [], notes: [] } as unknown as Results);
  // The file as it was, for each budget's figure before this run.
  const previous = existsSync(out) ? structuredClone(results) : undefined;
  for (const target of targets) {
    const outDir = mkdtempSync(join(tmpdir(), `helpgen-bench-search-${target.id}-`));
    try {
      log(`${target.label}: building once…`);
      const build = await coldBuild({ helpgenRoot: root, siteDir: target.siteDir, outDir, strict: false, timeoutMs: 30 * 60_000 });
      let site = results.sites.find((s) => s.id === target.id);
      if (!site) {
        site = { id: target.id, label: target.label, siteDir: target.siteDir, generatedPages: target.pages, markdownPages: build.pages ?? 0, build: { strict: false, runs: [] } } as unknown as SiteResult;
        results.sites.push(site);
      }
      site.search = build.ok ? await measureSearch(root, outDir, target.route, log) : { indexNote: `build failed: ${build.error?.split('\n')[0]}` };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
  // The side-by-side runs are kept (--add --peer measures them), and so are their budgets.
  if (previous) recheckBudgets(results, previous);
  else results.budgets = checkBudgets(results.sites, results.peer, results.pageTypes);
  results.notes = [
    ...results.notes.filter((n) => !n.startsWith('search: ')),
    `search: measured on its own (--search-only) on ${new Date().toISOString().slice(0, 10)} at commit ${options.commit}, 1-minute load average ${loadavg()[0]!.toFixed(1)}: each site built once, then its index files, warm query times (Node, the browser's engine) and a first search in Chromium (bench/search-transfer.ts); the other figures are from the full run.`,
  ];
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  log('');
  log(formatTable(results));
}
