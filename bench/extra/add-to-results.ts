// `npm run bench -- --add` with `--peer` and/or `--huge`: measures only those and puts them into
// the existing results file, leaving its other figures as they were (the budgets are checked
// again).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Args } from '../args.ts';
import { recheckBudgets } from '../budgets.ts';
import { addedKind, addedNote, type AddedKind } from './kept-results.ts';
import { gitCommit } from '../own-site.ts';
import { formatTable } from '../report.ts';
import type { Results } from '../results.ts';
import { measureHuge } from './huge.ts';
import { runPeer } from './peer.ts';

/** The side-by-side runs, when asked for, come on top of the envelope (an 8,400-page pair takes minutes). */
export const PEER_ENVELOPE_MS = 40 * 60_000;

/** The peer generator to build beside ours ("hugo"), its sizes and pairs; the very large site's pages and time limit. */
export type ExtraRunOptions = Pick<Args, 'peer' | 'peerSizes' | 'peerPairs' | 'huge' | 'hugeTimeoutMin'> & { root: string; corpusDir: string; seed: number; log: (line: string) => void };

/** The peer and very large runs a full run or `--add` asked for (undefined when not asked). */
export async function measureExtras(options: ExtraRunOptions): Promise<Pick<Results, 'peer' | 'huge'>> {
  const { root, corpusDir, log } = options;
  const peer = options.peer ? await runPeer(options.peer, { helpgenRoot: root, workDir: corpusDir, sizes: options.peerSizes, pairs: options.peerPairs, deadline: Date.now() + PEER_ENVELOPE_MS, log }) : undefined;
  const huge = options.huge ? await measureHuge({ helpgenRoot: root, workDir: corpusDir, seed: options.seed, pages: options.huge, timeoutMs: options.hugeTimeoutMin * 60_000, log }) : undefined;
  return { peer, huge };
}

export async function addToResults(out: string, options: ExtraRunOptions): Promise<void> {
  const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
  const previous = structuredClone(results);
  const { peer, huge } = await measureExtras(options);
  if (peer) results.peer = peer;
  if (huge) results.huge = huge;
  recheckBudgets(results, previous);
  // One note per thing added, replacing only the note of the same thing: adding the very large
  // site after the peer runs keeps the note that says when the peer runs were measured.
  const when = `on ${new Date().toISOString().slice(0, 10)} at commit ${gitCommit(options.root)}, 1-minute load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`;
  const added: [AddedKind, string][] = [];
  if (options.peer) added.push(['peer', addedNote('peer', options.peer, when)]);
  if (options.huge) added.push(['huge', addedNote('huge', options.huge, when)]);
  results.notes = results.notes.filter((note) => !added.some(([kind]) => addedKind(note) === kind));
  results.notes.push(...added.map(([, note]) => note));
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  options.log(formatTable(results));
}
