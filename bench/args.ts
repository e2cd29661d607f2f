// The benchmark's command line, and how many runs each site gets.
import { join } from 'node:path';
import { PEER_SIZES } from './extra/peer.ts';

export const SIZES = [170, 1700, 8500];

export interface Plan {
  maxRuns: number;
  /** Total wall time this site's builds may take before no further run starts. */
  allowanceMs: number;
  timeoutMs: number;
}

export function planFor(pages: number | undefined): Plan {
  if (pages === undefined || pages <= 200) return { maxRuns: 5, allowanceMs: 60_000, timeoutMs: 60_000 };
  if (pages <= 2000) return { maxRuns: 5, allowanceMs: 200_000, timeoutMs: 150_000 };
  // 8,500 pages: the budget is 45 s, so 100 s is plenty to show whether it holds.
  return { maxRuns: 3, allowanceMs: 140_000, timeoutMs: 100_000 };
}

export interface Args {
  sizes: number[];
  own: boolean;
  dev: boolean;
  deploy: boolean;
  /** Measure only the deploy of our site and add it to the existing results file. */
  deployOnly: boolean;
  /** Measure only the first search of our site (against `baseline`, a built site folder, if given). */
  firstSearchOnly: boolean;
  /** Measure only search (one build per site) and add it to the existing results file. */
  searchOnly: boolean;
  /** Measure only the page types of our site (scripts before interaction, Lighthouse) and add them to the existing results file. */
  lighthouseOnly: boolean;
  /** With lighthouseOnly: the scripts before interaction alone, each page type's earlier Lighthouse figures kept. */
  scriptsOnly: boolean;
  /** Measure the page types in a full run (`--no-lighthouse` keeps the earlier figures instead). */
  lighthouse: boolean;
  /** Trace where a first search's time goes on built sites (first-results-trace.ts), and record nothing. */
  traceFirstResults?: { route: string; dirs: string[] };
  baseline?: string;
  runs?: number;
  profile?: string;
  /** A peer generator to build side by side with ours on the shared corpus ("hugo"). */
  peer?: string;
  peerSizes: number[];
  peerPairs?: number;
  /** Also build the very large generated site (pages), once. */
  huge?: number;
  hugeTimeoutMin: number;
  /** Measure only --peer and --huge, and add them to the existing results file. */
  add: boolean;
  out: string;
  /** Print every mode and option, and run nothing. */
  help: boolean;
  /** Write the figures of the results file into bench/README.md, and measure nothing. */
  readme: boolean;
}

/** `npm run bench -- --help`: every mode and option, with where its code lives. */
export const USAGE_TEXT = `npm run bench -- [options]

With no mode, a full run (bench/run.ts, about 10 minutes on 2 cores): our site and generated sites
of 170, 1,700 and 8,500 pages, built cold and with the build cache; page weight, search cost, deploy,
dev save-to-reload, first search on a slow phone, page types; budgets checked; bench/results.json.

  --sizes 170,1700           generated sizes to build (default ${SIZES.join(',')})
  --no-own                   leave our own site out
  --no-dev                   skip dev save-to-reload (bench/extra/dev.ts)
  --no-deploy                skip the deploy to a local S3 server (bench/extra/deploy.ts)
  --no-lighthouse            skip the page types, keep their earlier figures
  --runs N                   cold builds per site (or runs of a mode below)
  --out FILE                 results file (default bench/results.json; with the default, every
                             mode that measures also writes its figures into bench/README.md)

Modes that measure one thing and add it to the results file:
  --search-only              search alone: one build per site (bench/search-only.ts)
  --deploy-only              deploy of our site (bench/extra/deploy-only.ts)
  --first-search-only [--baseline DIST]
                             first search on a slow phone (bench/extra/first-search-run.ts)
  --lighthouse-only          page types: scripts before interaction, Lighthouse (bench/extra/page-types-run.ts)
  --scripts-only             page types: scripts before interaction alone, in a minute; the earlier
                             Lighthouse figures are kept and said to be from their own commit
  --add --peer hugo | --huge [PAGES]
                             only the long runs below

Long runs (on top of a full run, or with --add):
  --peer hugo                helpgen beside Hugo on the shared corpus (bench/extra/peer.ts)
  --peer-sizes 168,1680,8400 --peer-pairs N
  --huge [PAGES]             one build of a very large site, 50,000 pages by default (bench/extra/huge.ts)
  --huge-timeout-min M       its time limit (default 30)

Tools that measure nothing:
  --readme                   write the figures of the results file into bench/README.md (bench/readme-results.ts)
  --profile SITE|SIZE        one build under node's CPU profiler, hot spots per thread (bench/extra/profile-run.ts)
  --trace-first-results ROUTE DIST[,DIST…]
                             where a first search's time goes (bench/extra/first-results-trace.ts)
  --help                     this text`;

export const USAGE = '--sizes 170,1700 --no-own --no-dev --no-deploy --deploy-only --search-only --lighthouse-only --scripts-only --no-lighthouse --first-search-only --trace-first-results ROUTE DIST[,DIST…] [--baseline DIST] --runs N --profile SITE|SIZE --peer hugo --peer-sizes 168,1680,8400 --peer-pairs N --huge [PAGES] --huge-timeout-min M --add --out FILE --readme --help';

export function parseArgs(argv: string[], root: string): Args {
  const args: Args = { sizes: SIZES, own: true, dev: true, deploy: true, deployOnly: false, firstSearchOnly: false, searchOnly: false, lighthouseOnly: false, scriptsOnly: false, lighthouse: true, peerSizes: PEER_SIZES, hugeTimeoutMin: 30, add: false, out: join(root, 'bench', 'results.json'), help: false, readme: false };
  const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean).map(Number);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--sizes') args.sizes = list(argv[++i]);
    else if (a === '--no-own') args.own = false;
    else if (a === '--no-dev') args.dev = false;
    else if (a === '--no-deploy') args.deploy = false;
    else if (a === '--deploy-only') args.deployOnly = true;
    else if (a === '--search-only') args.searchOnly = true;
    else if (a === '--lighthouse-only') args.lighthouseOnly = true;
    else if (a === '--scripts-only') {
      args.lighthouseOnly = true;
      args.scriptsOnly = true;
    }
    else if (a === '--no-lighthouse') args.lighthouse = false;
    else if (a === '--first-search-only') args.firstSearchOnly = true;
    else if (a === '--trace-first-results') args.traceFirstResults = { route: argv[++i]!, dirs: (argv[++i] ?? '').split(',').filter(Boolean) };
    else if (a === '--baseline') args.baseline = argv[++i]!;
    else if (a === '--runs') args.runs = Number(argv[++i]);
    else if (a === '--profile') args.profile = argv[++i];
    else if (a === '--peer') args.peer = argv[++i];
    else if (a === '--peer-sizes') args.peerSizes = list(argv[++i]);
    else if (a === '--peer-pairs') args.peerPairs = Number(argv[++i]);
    else if (a === '--huge') args.huge = /^\d+$/.test(argv[i + 1] ?? '') ? Number(argv[++i]) : 50_000;
    else if (a === '--huge-timeout-min') args.hugeTimeoutMin = Number(argv[++i]);
    else if (a === '--add') args.add = true;
    else if (a === '--help' || a === '-h') args.help = true;
    else if (a === '--readme') args.readme = true;
    else if (a === '--out') args.out = argv[++i]!;
    else throw new Error(`unknown option ${a} (options: ${USAGE}; npm run bench -- --help says what each does)`);
  }
  if (args.add && !args.peer && !args.huge) throw new Error('--add adds what --peer and --huge measure to the results file: give one of them');
  return args;
}
