// Our search engine against Pagefind and MiniSearch, on the same builds (cli/search/README.md,
// "Measured against Pagefind and MiniSearch", has the conclusions). For each built site:
// - index build time (median of several runs, in this process; Pagefind's through its Node API
//   and binary) and every index file's size, gzip (Pagefind writes its files gzip already);
// - a first query on a cold page in headless Chromium: the bytes it fetches (engine code and
//   index files apart) and the time until the first screen's 9 results are ready;
// - on our own site, the ranking table of test/search/ranking.test.ts: top-1 and top-3 rates.
// The sites are built beforehand with `bin/helpgen.js build` (the 8,500-page build takes
// minutes on the shared machine), each once, and every engine indexes that same build.
//
//   npm run bench -- --search-engines --own --sizes 170,1700,8500 [--runs 5] [--work DIR] [--out FILE]
//   npm run bench -- --search-engines --site own=.:/tmp/out-own --site 170=/tmp/site-170:/tmp/out-170
// (--own and --sizes build the sites under --work, once; --site takes a site already built.)
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RANKING } from '../../test/search/ranking-table.ts';
import { BLANK_HTML, bundleClients, firstQuery, launchChromium, pagefindRanks, serveMounts, type Engine, type FirstQuery } from './search-engines-browser.ts';
import { buildMiniSearch, miniRanker } from './search-engines-minisearch.ts';
import { buildOurs, oursRanker, type BuiltIndex } from './search-engines-ours.ts';
import { readBuiltPages, searchDirOf, type BuiltPage } from './search-engines-pages.ts';
import { buildPagefind, closePagefind } from './search-engines-pagefind.ts';
import { prepareSites } from './search-engines-sites.ts';

const QUERY = 'locking';
const ENGINES: Engine[] = ['ours', 'pagefind', 'minisearch'];

interface SiteArg {
  id: string;
  siteDir: string;
  outDir: string;
}

interface EngineResult {
  buildMs: number[];
  indexFiles: number;
  indexGzipBytes: number;
  firstQuery: FirstQuery[];
  ranking?: { top1: number; top3: number; queries: number; misses: string[] };
}

interface SiteResult {
  id: string;
  pages: number;
  loadavg: number[];
  /** Our index rebuilt here is byte-identical to the one the build wrote (the pages were read back faithfully). */
  oursMatchesBuild: boolean;
  engines: Record<Engine, EngineResult>;
  /** Our site: Pagefind's ranking with each page's keywords in its HTML. */
  pagefindWithKeywords?: EngineResult['ranking'];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

function parseArgs(argv: string[]): { sites: SiteArg[]; own: boolean; sizes: number[]; runs: number; out: string; work: string } {
  const sites: SiteArg[] = [];
  let own = false;
  let sizes: number[] = [];
  let runs = 5;
  let out = 'bench/extra/search-engines.json';
  let work = '/tmp/helpgen-search-engines';
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1] ?? '';
    if (argv[i] === '--site') {
      const [id, dirs] = value.split('=');
      const [siteDir, outDir] = (dirs ?? '').split(':');
      if (!id || !siteDir || !outDir) throw new Error(`--site ${value}: expected ID=SITE_DIR:OUT_DIR`);
      sites.push({ id, siteDir, outDir });
    } else if (argv[i] === '--own') {
      own = true;
      continue;
    } else if (argv[i] === '--sizes') sizes = value.split(',').map(Number);
    else if (argv[i] === '--runs') runs = Number(value);
    else if (argv[i] === '--out') out = value;
    else if (argv[i] === '--work') work = value;
    else throw new Error(`unknown argument ${argv[i]}`);
    i++;
  }
  if (!sites.length && !own && !sizes.length) throw new Error('give --own, --sizes 170,1700,8500 or --site ID=SITE_DIR:OUT_DIR (a site built with bin/helpgen.js build)');
  return { sites, own, sizes, runs, out, work };
}

/**
 * Pagefind's index files: its entry, metadata, index chunks, fragments and filters (written
 * gzip already, the entry gzip-compressed here), not its code (pagefind.js, the worker, the
 * WebAssembly) or its UI kits.
 */
function pagefindIndexSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.pf_\w+$|^pagefind-entry\.json$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    files++;
    bytes += entry.name.endsWith('.json') ? gzipSync(readFileSync(file)).length : statSync(file).size;
  }
  return { files, bytes };
}

const indexSize = (index: BuiltIndex) => index.files.reduce((n, f) => n + gzipSync(f.text).length, 0);

function rates(rank: (query: string) => string[]): NonNullable<EngineResult['ranking']> {
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const [query, expected] of RANKING) {
    const at = rank(query).indexOf(expected) + 1;
    if (at === 1) top1++;
    if (at >= 1 && at <= 3) top3++;
    if (at !== 1) misses.push(`${query} → ${at || '-'}`);
  }
  return { top1: top1 / RANKING.length, top3: top3 / RANKING.length, queries: RANKING.length, misses };
}

/** Builds each engine's index `runs` times; keeps the last of each for the browser. */
async function buildIndexes(site: SiteArg, pages: BuiltPage[], runs: number, dir: string, log: (line: string) => void) {
  const ours: BuiltIndex[] = [];
  const mini: BuiltIndex[] = [];
  const pagefindMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    ours.push(buildOurs(pages));
    mini.push(buildMiniSearch(pages));
    pagefindMs.push((await buildPagefind(site.outDir, pages, dir)).buildMs);
    await closePagefind(); // each run starts the binary afresh, as a build would
    log(`  build run ${run + 1}: ours ${ours.at(-1)!.buildMs.toFixed(0)} ms, MiniSearch ${mini.at(-1)!.buildMs.toFixed(0)} ms, Pagefind ${pagefindMs.at(-1)!.toFixed(0)} ms`);
  }
  const searchDir = searchDirOf(site.outDir);
  const oursMatchesBuild = ours[0]!.files.every((f) => readFileSync(join(searchDir, f.path), 'utf8') === f.text);
  writeFileSync(join(dir, 'engines', 'minisearch-index.json'), mini[0]!.files[0]!.text);
  const pf = pagefindIndexSize(join(dir, 'pagefind'));
  return {
    oursMatchesBuild,
    searchDir,
    mini: mini[0]!,
    engines: {
      ours: { buildMs: ours.map((b) => b.buildMs), indexFiles: ours[0]!.files.length, indexGzipBytes: indexSize(ours[0]!), firstQuery: [] },
      minisearch: { buildMs: mini.map((b) => b.buildMs), indexFiles: 1, indexGzipBytes: indexSize(mini[0]!), firstQuery: [] },
      pagefind: { buildMs: pagefindMs, indexFiles: pf.files, indexGzipBytes: pf.bytes, firstQuery: [] },
    } as Record<Engine, EngineResult>,
  };
}

async function measureSite(site: SiteArg, root: string, runs: number, work: string, log: (line: string) => void): Promise<SiteResult> {
  const dir = join(work, site.id);
  mkdirSync(join(dir, 'engines'), { recursive: true });
  const pages = readBuiltPages(site.outDir, site.siteDir);
  log(`${site.id}: ${pages.length} pages read back`);
  const built = await buildIndexes(site, pages, site.id === '8500' ? Math.min(runs, 2) : runs, dir, log);
  writeFileSync(join(dir, 'engines', 'blank.html'), BLANK_HTML);
  await bundleClients(root, join(dir, 'engines'));
  const base = `/${built.searchDir.slice(site.outDir.length + 1).split('/')[0]}/`;
  const { server, origin } = await serveMounts({ '/__engines/': join(dir, 'engines'), '/pagefind/': join(dir, 'pagefind'), '/': site.outDir });
  const browser = await launchChromium();
  try {
    const indexUrls: Record<Engine, string> = { ours: `${base}assets/search/index.json`, minisearch: '/__engines/minisearch-index.json', pagefind: '' };
    // Interleaved, so a change in the machine's load touches every engine alike.
    for (let run = 0; run < runs; run++) {
      for (const engine of ENGINES) built.engines[engine].firstQuery.push(await firstQuery(browser, origin, engine, QUERY, indexUrls[engine]));
    }
    if (site.id === 'own') {
      built.engines.ours.ranking = rates(oursRanker(built.searchDir));
      built.engines.minisearch.ranking = rates(miniRanker(built.mini));
      built.engines.pagefind.ranking = await pagefindRates(browser, origin);
    }
  } finally {
    await browser.close();
    server.close();
  }
  const result: SiteResult = { id: site.id, pages: pages.length, loadavg: loadavg().map((l) => Math.round(l * 10) / 10), oursMatchesBuild: built.oursMatchesBuild, engines: built.engines };
  if (site.id === 'own') result.pagefindWithKeywords = await pagefindWithKeywords(site, pages, dir);
  return result;
}

async function pagefindRates(browser: Awaited<ReturnType<typeof launchChromium>>, origin: string): Promise<NonNullable<EngineResult['ranking']>> {
  const orders = await pagefindRanks(browser, origin, RANKING.map(([query]) => query));
  const byQuery = new Map(RANKING.map(([query], i) => [query, orders[i]!]));
  return rates((query) => byQuery.get(query) ?? []);
}

/** Pagefind's ranking when the pages' front matter keywords are put in their HTML (ours reads them from the front matter). */
async function pagefindWithKeywords(site: SiteArg, pages: BuiltPage[], dir: string): Promise<NonNullable<EngineResult['ranking']>> {
  const kwDir = join(dir, 'with-keywords');
  mkdirSync(kwDir, { recursive: true });
  await buildPagefind(site.outDir, pages, kwDir, true);
  await closePagefind();
  const { server, origin } = await serveMounts({ '/__engines/': join(dir, 'engines'), '/pagefind/': join(kwDir, 'pagefind'), '/': site.outDir });
  const browser = await launchChromium();
  try {
    return await pagefindRates(browser, origin);
  } finally {
    await browser.close();
    server.close();
  }
}

function summaryLine(site: SiteResult): string {
  const parts = ENGINES.map((engine) => {
    const e = site.engines[engine];
    const fq = e.firstQuery;
    const kb = (n: number) => (n / 1000).toFixed(1);
    const rank = e.ranking ? `, top-1 ${(e.ranking.top1 * 100).toFixed(1)} %, top-3 ${(e.ranking.top3 * 100).toFixed(1)} %` : '';
    return `${engine}: build ${median(e.buildMs).toFixed(0)} ms, index ${kb(e.indexGzipBytes)} KB gzip in ${e.indexFiles} files, first query ${kb(median(fq.map((q) => q.bytes)))} KB (code ${kb(median(fq.map((q) => q.codeBytes)))}, index ${kb(median(fq.map((q) => q.indexBytes)))}) in ${median(fq.map((q) => q.requests))} requests, ${median(fq.map((q) => q.ms)).toFixed(0)} ms${rank}`;
  });
  const kw = site.pagefindWithKeywords ? `\n  pagefind with keywords in the HTML: top-1 ${(site.pagefindWithKeywords.top1 * 100).toFixed(1)} %, top-3 ${(site.pagefindWithKeywords.top3 * 100).toFixed(1)} %` : '';
  return `${site.id} (${site.pages} pages, load ${site.loadavg.join(' ')}, ours rebuilt = build: ${site.oursMatchesBuild})\n  ${parts.join('\n  ')}${kw}`;
}

export async function main(argv: string[], root: string): Promise<void> {
  const { sites: given, own, sizes, runs, out, work } = parseArgs(argv);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const sites = [...prepareSites(root, work, own, sizes, log), ...given];
  const results: SiteResult[] = [];
  for (const site of sites) {
    const result = await measureSite(site, root, runs, work, log);
    results.push(result);
    log(summaryLine(result));
    writeFileSync(resolve(root, out), `${JSON.stringify({ query: QUERY, runs, measured: new Date().toISOString(), sites: results }, null, 1)}\n`);
  }
}
