// The first-search measure (./first-search.ts) of our site, in `npm run bench` and on its
// own with `--first-search-only`: a reader who clicks as soon as the search button shows, and one
// who clicks once the page has settled.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { coldBuild } from '../cold-build.ts';
import { measureFirstSearch, type FirstSearchResult } from './first-search.ts';
import { formatTable } from '../report.ts';
import type { Results } from '../results.ts';

/** Cold page loads per build and measure (each 5–10 s on slow 4G). */
export const FIRST_SEARCH_RUNS = 5;
/** When the reader of the second measure starts clicking: the page has settled. */
const LATER_CLICK_MS = 8000;
const BASE_URL = '/support/';

/** Both measures on one build of our site. */
export async function measureOwnFirstSearch(outDir: string, route: string): Promise<{ firstSearch?: FirstSearchResult; laterSearch?: FirstSearchResult }> {
  const measure = { builds: { ours: outDir }, baseUrl: BASE_URL, route, runs: FIRST_SEARCH_RUNS };
  const firstSearch = (await measureFirstSearch(measure)).ours;
  const laterSearch = (await measureFirstSearch({ ...measure, clickFromMs: LATER_CLICK_MS })).ours;
  return { firstSearch, laterSearch };
}

/**
 * `--first-search-only`: builds our site once (untimed) and takes both measures; with
 * `--baseline DIST` (another build of our site, such as one from an older commit) the two builds
 * are measured in alternation and the baseline's figures go into the notes. Adds the figures to
 * our site's entry in the results file.
 */
export async function firstSearchOnly(options: { root: string; out: string; runs: number; baseline?: string; route: string; commit: string }): Promise<void> {
  const { root, out, runs, baseline } = options;
  const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
  const own = results.sites.find((s) => s.id === 'own');
  if (!own) throw new Error(`${relative(process.cwd(), out)} has no entry for our site: run the whole benchmark first`);
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-bench-first-search-'));
  const seconds = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
  const figures = (f: FirstSearchResult | undefined) => (f?.error ? `failed: ${f.error}` : `opens ${seconds(f?.openedMs?.median)}, ${seconds(f?.clickToOpenMs?.median)} after the first click`);
  try {
    const built = await coldBuild({ helpgenRoot: root, siteDir: root, outDir, strict: false, timeoutMs: 180_000 });
    if (!built.ok) throw new Error(`our site did not build: ${built.error}`);
    const builds: Record<string, string> = baseline ? { baseline, ours: outDir } : { ours: outDir };
    const measure = { builds, baseUrl: BASE_URL, route: options.route, runs };
    const first = await measureFirstSearch(measure);
    const later = await measureFirstSearch({ ...measure, clickFromMs: LATER_CLICK_MS });
    own.firstSearch = first.ours;
    own.laterSearch = later.ours;
    results.notes = results.notes.filter((n) => !n.startsWith('first search:'));
    const compared = baseline ? `; baseline ${baseline}, interleaved: clicking at once ${figures(first.baseline)}; clicking from ${LATER_CLICK_MS / 1000} s ${figures(later.baseline)}` : '';
    results.notes.push(`first search: measured on its own (--first-search-only) on ${new Date().toISOString().slice(0, 10)} at commit ${options.commit}, 1-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores${compared}.`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(formatTable(results) + `\n\nadded the first search of our site to ${relative(process.cwd(), out)}\n`);
}
