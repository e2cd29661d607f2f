// `npm run bench -- --search-only`: builds our site and each generated size once (no time
// limit: the builds are not what is measured), measures only search, and writes the figures
// into the existing results file, replacing each site's `search` and the budgets.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus, writeCorpus } from '../corpus.ts';
import { coldBuild } from '../cold-build.ts';
import { measureSearch } from '../search.ts';
import { addSearchTransfer } from './search-transfer.ts';
import { checkBudgets, recheckBudgets } from '../budgets.ts';
import { formatTable } from '../report.ts';
import type { Results, SiteResult } from '../results.ts';

type Log = (line: string) => void;

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
      if (!build.ok) {
        site.search = { indexNote: `build failed: ${build.error?.split('\n')[0]}` };
        continue;
      }
      site.search = await measureSearch(outDir, target.route);
      await addSearchTransfer(site.search, outDir, target.route, log);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
  // The side-by-side runs are kept (--add --peer measures them), and so are their budgets.
  if (previous) recheckBudgets(results, previous);
  else results.budgets = checkBudgets(results.sites, results.peer, results.pageTypes, results.huge);
  results.notes = [
    ...results.notes.filter((n) => !n.startsWith('search: ')),
    `search: measured on its own (--search-only) on ${new Date().toISOString().slice(0, 10)} at commit ${options.commit}, 1-minute load average ${loadavg()[0]!.toFixed(1)}: each site built once, then its index files, warm query times (Node, the browser's engine) and a first search in Chromium (bench/extra/search-transfer.ts); the other figures are from the full run.`,
  ];
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  log('');
  log(formatTable(results));
}
