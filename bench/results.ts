// The shape of bench/results.json: what one run measured, per site and beside the sites. Types
// only, so every measure can name the results it adds to without importing the report or the
// budgets (which import the measures' own types).
import type { SearchTransfer } from './extra/search-transfer.ts';
import type { BuildRun } from './cold-build.ts';
import type { DevResult } from './extra/dev.ts';
import type { PageWeight } from './page-weight.ts';
import type { SearchFigures } from './search.ts';
import type { Summary } from './stats.ts';
import type { BudgetCheck } from './budget-check.ts';
import type { DeployResult } from './extra/deploy.ts';
import type { FirstSearchResult } from './extra/first-search.ts';
import type { PeerResult } from './extra/peer.ts';
import type { HugeResult } from './extra/huge.ts';
import type { ParseFloor } from './extra/parse-floor.ts';
import type { PageTypesResult } from './extra/page-types.ts';

export interface SiteResult {
  id: string;
  label: string;
  /** Site folder, relative to the repository. */
  siteDir: string;
  /** Requested size of a generated site (undefined for our own site). */
  generatedPages?: number;
  markdownPages: number;
  markdownBytes: number;
  build: {
    strict: boolean;
    runs: BuildRun[];
    wallMs?: Summary;
    peakRssMb?: Summary;
    /** Median time of each phase over the successful runs (HELPGEN_TIMINGS). */
    phases?: Record<string, number>;
    /** Median CPU time (user, system) over the successful runs, in ms. */
    cpuMs?: { user: number; sys: number };
    /** Builds after one that filled the build cache, nothing changed (what most rebuilds are). */
    cachedRuns?: BuildRun[];
    cachedWallMs?: Summary;
    /**
     * Builds with the cache after a one-page edit (./edited-builds.ts; generated sites): the page
     * edited, relative to the site folder, each run (with the pages it copied), their wall time,
     * and its median ÷ the cold median (issue 38's budget: at most 0.1 at 8,500 pages).
     */
    editedPage?: string;
    editedRuns?: BuildRun[];
    editedWallMs?: Summary;
    editedRatio?: number;
    /**
     * The same edit in a CI build (./checkout-builds.ts): a fresh checkout, the build cache
     * restored, no output folder; each run, their wall time, and its median ÷ the cold median.
     */
    checkoutRuns?: BuildRun[];
    checkoutWallMs?: Summary;
    checkoutRatio?: number;
    /** The last CI build's output copied into an empty folder, as many times: the floor under a CI build (./output-copy.ts). */
    checkoutCopyMs?: Summary;
    /** Pages the CLI reported (docs + category pages + search page). */
    pagesBuilt?: number;
    warnings?: number;
    outputBytes?: number;
    error?: string;
    note?: string;
  };
  /** `helpgen deploy` of the build to a local S3-compatible server (our site only). */
  deploy?: DeployResult;
  /** How soon a click on the search button opens the modal, on a slow phone (our site only). */
  firstSearch?: FirstSearchResult;
  /** The same when the reader clicks once the page has settled (LATER_CLICK_MS after navigation). */
  laterSearch?: FirstSearchResult;
  pageWeight?: PageWeight;
  pageWeightError?: string;
  /** Parsing the site's markdown alone, in one cold thread: the floor under its build time (parse-floor.ts). */
  parseFloor?: ParseFloor;
  search?: SearchFigures & {
    /** A reader's first search on a cold page, in Chromium over HTTP (./extra/search-transfer.ts). */
    transfer?: SearchTransfer;
    transferNote?: string;
  };
  dev?: DevResult;
}

export interface Results {
  date: string;
  node: string;
  cpu: { model: string; cores: number };
  memoryTotalMb: number;
  os: string;
  /** 1-minute load average before and after: other jobs on the machine skew every time. */
  loadAverage: { start: number; end: number };
  commit: string;
  settings: Record<string, unknown>;
  durationS: number;
  sites: SiteResult[];
  /** helpgen and a peer generator side by side on the shared corpus (--peer). */
  peer?: PeerResult;
  /** One build of a very large generated site (--huge). */
  huge?: HugeResult;
  /** Per page type of our site: JavaScript before any interaction and Lighthouse's mobile score (issue 37). */
  pageTypes?: PageTypesResult;
  /** What each dependency-patch edit buys, written by bench/extra/patches.ts --write (its own runs). */
  patches?: Record<string, unknown>;
  budgets: BudgetCheck[];
  notes: string[];
}
