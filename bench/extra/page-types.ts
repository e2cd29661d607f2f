// One page of each kind a reader meets, and what the bench records about each: the JavaScript
// the page loads before the reader does anything (./eager-js.ts) and Lighthouse's mobile
// performance score (./lighthouse-run.ts). The figures are summarised here, apart from the
// browsers that take them, so the summing and the medians can be tested on their own.
import { gzipSync } from 'node:zlib';
import { summarize } from '../stats.ts';

export interface PageType {
  id: string;
  label: string;
  /** What the reader opens (the 404 page: a URL that does not exist). */
  route: string;
  /**
   * What Lighthouse opens, when it cannot open `route`: Lighthouse refuses a document answered
   * with status 404, so the 404 page is scored as served at its own URL.
   */
  lighthouseRoute?: string;
}

export const PAGE_TYPES: PageType[] = [
  { id: 'home', label: 'home', route: '/support/' },
  { id: 'doc', label: 'doc page', route: '/support/user-docs/records/locking' },
  { id: 'category', label: 'category page', route: '/support/category/records' },
  { id: 'search', label: 'search page with a query', route: '/support/search?q=import' },
  { id: 'not-found', label: '404 page', route: '/support/no-such-page', lighthouseRoute: '/support/404.html' },
  { id: 'reference', label: 'long function reference', route: '/support/user-docs/templates/formulas' },
];

/** One response of type script, as the browser saw it. */
export interface ScriptResponse {
  url: string;
  /** Bytes on the wire: response headers and the body as sent (compressed if the server compressed it). */
  transfer: number;
  /** The body after decoding. */
  body: Uint8Array;
}

export interface ScriptBytes {
  count: number;
  /** Bytes on the wire as `helpgen serve` sent them, headers included. */
  transfer: number;
  /** Each script gzip-compressed (level 6) on its own, as a web server would send it. */
  gzip: number;
  raw: number;
  /** Paths of the scripts, in the order they arrived. */
  files: string[];
}

/** Count and bytes of the scripts a page loaded; a URL fetched twice counts twice (it cost twice). */
export function sumScripts(responses: ScriptResponse[]): ScriptBytes {
  const total: ScriptBytes = { count: 0, transfer: 0, gzip: 0, raw: 0, files: [] };
  for (const response of responses) {
    total.count++;
    total.transfer += response.transfer;
    total.raw += response.body.byteLength;
    total.gzip += gzipSync(response.body, { level: 6 }).length;
    total.files.push(new URL(response.url).pathname);
  }
  return total;
}

/** One Lighthouse run's figures (score 0–100, as Lighthouse shows it). */
export interface LighthouseRun {
  score?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  /**
   * Lighthouse's measure of the machine's speed (environment.benchmarkIndex): simulated
   * throttling scales the CPU work it observed, so on a busy machine this falls and TBT rises.
   */
  benchmarkIndex?: number;
  error?: string;
}

export interface LighthouseSummary {
  /** Median of the runs that produced a score. */
  score?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  runs: LighthouseRun[];
  error?: string;
}

/**
 * The median of each figure over the runs that produced one (each figure on its own: the run
 * with the median score need not have the median TBT). No run with a score: the first error.
 */
export function medianLighthouse(runs: LighthouseRun[]): LighthouseSummary {
  const scored = runs.filter((r) => r.score !== undefined);
  const median = (pick: (r: LighthouseRun) => number | undefined) => summarize(scored.flatMap((r) => (pick(r) === undefined ? [] : [pick(r)!])))?.median;
  if (!scored.length) return { runs, error: runs.find((r) => r.error)?.error ?? 'no run' };
  return { score: median((r) => r.score), lcpMs: median((r) => r.lcpMs), tbtMs: median((r) => r.tbtMs), cls: median((r) => r.cls), runs };
}

export interface PageTypeResult {
  id: string;
  label: string;
  route: string;
  lighthouseRoute?: string;
  /** Scripts loaded after load, network idle and an idle callback, with no interaction. */
  beforeInteraction?: ScriptBytes;
  /** The page's eager script as its HTML declares it (module scripts and their static imports, ./page-weight.ts). */
  declaredEager?: { raw: number; gzip: number; files: string[] };
  jsError?: string;
  lighthouse?: LighthouseSummary;
}

export interface PageTypesResult {
  date: string;
  commit: string;
  /** How each figure was taken. */
  conditions: string;
  loadAverage: number;
  pages: PageTypeResult[];
  /** The Lighthouse figures were kept from an earlier measure (--scripts-only): its commit and date. */
  lighthouseFrom?: { commit: string; date: string };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** One line per page type for the printed report: scripts before interaction and the Lighthouse figures. */
export function pageTypeLines(result: PageTypesResult | undefined): string[] {
  if (!result) return [];
  const lines = result.pages.map((p) => {
    const js = p.beforeInteraction
      ? `${p.beforeInteraction.count} scripts, ${kb(p.beforeInteraction.gzip)} KB gzip (${kb(p.beforeInteraction.raw)} KB raw, ${kb(p.beforeInteraction.transfer)} KB transferred)`
      : `scripts not measured: ${p.jsError ?? 'n/a'}`;
    const lh = p.lighthouse;
    const score = !lh ? 'Lighthouse not run' : lh.score === undefined ? `Lighthouse failed: ${lh.error}` : `Lighthouse mobile performance ${lh.score} (LCP ${((lh.lcpMs ?? 0) / 1000).toFixed(2)} s, TBT ${(lh.tbtMs ?? 0).toFixed(0)} ms, CLS ${(lh.cls ?? 0).toFixed(3)}; median of ${lh.runs.filter((r) => r.score !== undefined).length})`;
    return `  ${p.label} (${p.route}): ${js}; ${score}`;
  });
  const from = result.lighthouseFrom ? `; Lighthouse figures from commit ${result.lighthouseFrom.commit}` : '';
  return [`Page types before any interaction (${result.conditions}; commit ${result.commit}${from}):`, ...lines, ''];
}
