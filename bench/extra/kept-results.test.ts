import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addedKind, addedNote, keepEarlier, keepEarlierHuge, keepEarlierPatches } from './kept-results.ts';
import type { Results } from '../results.ts';

const PEER_NOTE = 'added: the side-by-side runs with hugo measured on their own (--add) on 2026-11-28 at commit dbe9383, 1-minute load average 2.9 on 2 cores.';
const HUGE_NOTE = 'added: the 50,000-page site measured on its own (--add) on 2026-11-28 at commit dbe9383, 1-minute load average 1.0 on 2 cores.';

describe('what a results file keeps between bench runs', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const resultsFile = (results: Partial<Results>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'helpgen-kept-results-'));
    dirs.push(dir);
    const file = join(dir, 'results.json');
    writeFileSync(file, JSON.stringify(results));
    return file;
  };
  const huge = { pages: 50_000, summary: 'built 53573 pages in 775 s, peak RSS 4.3 GiB, 3.6 GB written' } as Results['huge'];

  it('tells which measurement an --add note is about', () => {
    expect(addedKind(PEER_NOTE)).toBe('peer');
    expect(addedKind(HUGE_NOTE)).toBe('huge');
    const when = 'on 2026-11-28 at commit dbe9383, 1-minute load average 1.0 on 2 cores.';
    expect(addedNote('huge', 50_000, when)).toBe(HUGE_NOTE);
    expect(addedKind(addedNote('peer', 'hugo', when))).toBe('peer');
    expect(addedKind('the machine was busy when the benchmark started')).toBeUndefined();
  });

  it('a full run keeps the earlier very large site and the note saying when it was measured', () => {
    const file = resultsFile({ commit: 'dbe9383', huge, notes: [PEER_NOTE, HUGE_NOTE] });
    const results = { commit: 'new', notes: ['a note of this run'] } as Results;
    keepEarlierHuge(results, file);
    expect(results.huge).toEqual(huge);
    // The peer runs are measured again (or reported missing) by the new run: their note goes.
    expect(results.notes).toEqual(['a note of this run', HUGE_NOTE]);
  });

  it('says where a kept record came from when its note is missing, and keeps nothing when there was none', () => {
    const results = { commit: 'new', notes: [] } as unknown as Results;
    keepEarlierHuge(results, resultsFile({ commit: 'abc1234', huge, notes: [] }));
    expect(results.notes).toEqual(["the 50,000-page site's record is kept from the earlier results (commit abc1234)."]);
    const fresh = { commit: 'new', notes: [] } as unknown as Results;
    keepEarlierHuge(fresh, resultsFile({ commit: 'abc1234', notes: [] }));
    keepEarlierHuge(fresh, join(tmpdir(), 'no-such-helpgen-results.json'));
    expect(fresh.huge).toBeUndefined();
    expect(fresh.notes).toEqual([]);
  });

  it('a full run without --peer keeps the earlier side-by-side runs and their note', () => {
    const peer = { name: 'hugo', version: 'hugo v0.111.3', corpus: 'shared/peers/gen-corpus.mjs', sizes: [] } as unknown as Results['peer'];
    const file = resultsFile({ commit: 'dbe9383', huge, peer, notes: [PEER_NOTE, HUGE_NOTE] });
    const results = { commit: 'new', notes: ['a note of this run'] } as Results;
    keepEarlier(results, file);
    expect(results.peer).toEqual(peer);
    expect(results.huge).toEqual(huge);
    expect(results.notes).toEqual(['a note of this run', HUGE_NOTE, PEER_NOTE]);
  });

  it('a full run keeps the dependency patches measured on their own', () => {
    const patches = { pipeline: { how: 'pairs', sites: { own: { 'one compile context': 1.024 } } } };
    const file = resultsFile({ commit: 'dbe9383', patches, notes: [] });
    const results = { commit: 'new', notes: [] } as unknown as Results;
    keepEarlierPatches(results, file);
    expect(results.patches).toEqual(patches);
  });
});
