// The modes of `npm run bench` other than a full run (bench/args.ts lists them): each measures one
// thing and adds it to the results file, or is a tool that records nothing.
import type { Args } from '../args.ts';
import { gitCommit, ownProbeRoute } from '../own-site.ts';
import { addToResults } from './add-to-results.ts';
import { deployOnly } from './deploy-only.ts';
import { traceFirstResults } from './first-results-trace.ts';
import { FIRST_SEARCH_RUNS, firstSearchOnly } from './first-search-run.ts';
import { lighthouseOnly } from './page-types-run.ts';
import { profileBuild } from './profile-run.ts';
import { searchOnly } from './search-only.ts';

export interface Mode {
  run: () => Promise<void>;
  /** It writes the results file (a tool that measures nothing does not). */
  records: boolean;
}

const log = (line: string): void => {
  process.stdout.write(line + '\n');
};

/** The mode `args` ask for, or undefined for a full run. */
export function extraMode(args: Args, root: string, corpusDir: string, seed: number): Mode | undefined {
  const { out } = args;
  const commit = () => gitCommit(root);
  const recording = (run: () => Promise<void>): Mode => ({ records: true, run });
  if (args.profile) return { records: false, run: () => profileBuild(root, corpusDir, args.profile!, seed) };
  const trace = args.traceFirstResults;
  if (trace) return { records: false, run: () => traceFirstResults(trace.route, trace.dirs, args.runs ?? 5) };
  if (args.deployOnly) return recording(() => deployOnly(root, out, commit()));
  if (args.searchOnly) return recording(() => searchOnly({ root, corpusDir, sizes: args.sizes, own: args.own, out, seed, ownRoute: ownProbeRoute(root), commit: commit() }));
  if (args.firstSearchOnly) return recording(() => firstSearchOnly({ root, out, runs: args.runs ?? FIRST_SEARCH_RUNS, baseline: args.baseline, route: ownProbeRoute(root), commit: commit() }));
  if (args.lighthouseOnly) return recording(() => lighthouseOnly({ root, out, commit: commit(), runs: args.runs, scriptsOnly: args.scriptsOnly }));
  if (args.add) return recording(() => addToResults(out, { ...args, root, corpusDir, seed, log }));
  return undefined;
}
