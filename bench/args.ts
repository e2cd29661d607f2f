// The benchmark's command line, how many runs each site gets, and what a run carries along.
import { join } from 'node:path';
import { PEER_SIZES } from './extra/peer.ts';

const SIZES = [170, 1700, 8500];

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

const defaults = (root: string) => ({
  sizes: SIZES, own: true, dev: true, deploy: true, lighthouse: true, out: join(root, 'bench', 'results.json'), peerSizes: PEER_SIZES, hugeTimeoutMin: 30,
  deployOnly: false, searchOnly: false, firstSearchOnly: false, lighthouseOnly: false, scriptsOnly: false, add: false, readme: false, help: false,
});

/** The options; USAGE_TEXT says what each does. */
export type Args = ReturnType<typeof defaults> & {
  runs?: number;
  baseline?: string;
  peer?: string;
  peerPairs?: number;
  huge?: number;
  profile?: string;
  traceFirstResults?: { route: string; dirs: string[] };
};

/** What a full run carries from site to site. */
export interface RunContext {
  root: string;
  corpusDir: string;
  args: Args;
  /** When the 10-minute envelope ends (Date.now() time). */
  deadline: number;
  notes: string[];
  /** Route of the page whose weight is measured (and edited in dev), per site id. */
  probes: Map<string, string>;
  log: (line: string) => void;
}

/** `npm run bench -- --help`: every mode and option, with where its code lives. */
export const USAGE_TEXT = `npm run bench -- [options]

With no mode, a full run (bench/run.ts, about 10 minutes on 2 cores): our site and generated sites
of 170, 1,700 and 8,500 pages, built cold and with the build cache (unchanged, and after a one-page
edit of a generated site); page weight, search cost, deploy, dev save-to-reload, first search on a
slow phone, page types; budgets checked; bench/results.json.

  --sizes 170,1700           generated sizes to build (default ${SIZES.join(',')})
  --no-own                   leave our own site out
  --no-dev                   skip dev save-to-reload (bench/extra/dev.ts)
  --no-deploy                skip the deploy to a local S3 server (bench/extra/deploy.ts)
  --no-lighthouse            skip the page types, keep their earlier figures
  --runs N                   cold builds per site (or runs of a mode below)
  --out FILE                 results file (default bench/results.json; with the default, every
                             mode that measures also writes its figures into bench/README.md)

Modes that measure one thing and add it to the results file:
  --search-only              search alone: one build per site (bench/extra/search-only.ts)
  --deploy-only              deploy of our site (bench/extra/deploy-only.ts)
  --first-search-only [--baseline DIST]
                             first search on a slow phone (bench/extra/first-search-run.ts)
  --lighthouse-only          page types: scripts before interaction, Lighthouse (bench/extra/page-types-run.ts)
  --scripts-only             page types: the scripts alone, in about a minute; the earlier Lighthouse
                             figures are kept and say which commit they come from
  --add --peer hugo | --huge [PAGES]
                             only the long runs below

Long runs (on top of a full run, or with --add):
  --peer hugo                helpgen beside Hugo on the shared corpus (bench/extra/peer.ts)
  --peer-sizes 168,1680,8400 --peer-pairs N
  --huge [PAGES]             one build of a very large site, 50,000 pages by default, between two
                             builds of 8,500 pages (bench/extra/huge.ts)
  --huge-timeout-min M       its time limit (default 30)

Tools that measure nothing:
  --readme                   write the figures of the results file into bench/README.md (bench/extra/readme-results.ts)
  --profile SITE|SIZE        one build under node's CPU profiler, hot spots per thread (bench/extra/profile-run.ts)
  --trace-first-results ROUTE DIST[,DIST…]
                             where a first search's time goes (bench/extra/first-results-trace.ts)
  --help                     this text`;

const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean).map(Number);

/** Each option and what it sets; `next` takes the word after it. */
export const OPTIONS: Record<string, (args: Args, next: () => string | undefined, peek: string | undefined) => void> = {
  '--sizes': (a, next) => (a.sizes = list(next())),
  '--no-own': (a) => (a.own = false),
  '--no-dev': (a) => (a.dev = false),
  '--no-deploy': (a) => (a.deploy = false),
  '--no-lighthouse': (a) => (a.lighthouse = false),
  '--runs': (a, next) => (a.runs = Number(next())),
  '--out': (a, next) => (a.out = next()!),
  '--search-only': (a) => (a.searchOnly = true),
  '--deploy-only': (a) => (a.deployOnly = true),
  '--first-search-only': (a) => (a.firstSearchOnly = true),
  '--baseline': (a, next) => (a.baseline = next()),
  '--lighthouse-only': (a) => (a.lighthouseOnly = true),
  '--scripts-only': (a) => {
    a.lighthouseOnly = true;
    a.scriptsOnly = true;
  },
  '--add': (a) => (a.add = true),
  '--peer': (a, next) => (a.peer = next()),
  '--peer-sizes': (a, next) => (a.peerSizes = list(next())),
  '--peer-pairs': (a, next) => (a.peerPairs = Number(next())),
  '--huge': (a, next, peek) => (a.huge = /^\d+$/.test(peek ?? '') ? Number(next()) : 50_000),
  '--huge-timeout-min': (a, next) => (a.hugeTimeoutMin = Number(next())),
  '--readme': (a) => (a.readme = true),
  '--profile': (a, next) => (a.profile = next()),
  '--trace-first-results': (a, next) => (a.traceFirstResults = { route: next()!, dirs: (next() ?? '').split(',').filter(Boolean) }),
  '--help': (a) => (a.help = true),
};

export function parseArgs(argv: string[], root: string): Args {
  const args: Args = defaults(root);
  for (let i = 0; i < argv.length; i++) {
    const option = OPTIONS[argv[i] === '-h' ? '--help' : argv[i]!];
    if (!option) throw new Error(`unknown option ${argv[i]} (npm run bench -- --help lists every option and says what it does)`);
    option(args, () => argv[++i], argv[i + 1]);
  }
  if (args.add && !args.peer && !args.huge) throw new Error('--add adds what --peer and --huge measure to the results file: give one of them');
  return args;
}
