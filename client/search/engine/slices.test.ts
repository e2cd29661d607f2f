// A first search on a slow phone gives the browser turns: reading each fetched file, ranking and
// building the hits are not one long task (slices.ts). The clock is made slow (every reading
// of it 10 ms later than the last, a slice's time spent at each check) and the browser's
// scheduler.yield() counted, so the test sees every turn a phone would get, whatever this
// machine's speed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractRecords } from '../../../cli/search/records.ts';
import { buildLocalIndexFiles } from '../../../cli/search/search-stage.ts';
import type { EntryFile } from '../../../shared/search/index-format.ts';
import { LocalSearchEngine } from './engine.ts';
import { nextTurn, Slices } from './slices.ts';

const PAGES = Array.from({ length: 12 }, (_, i) => ({
  href: `/support/guides/page-${i}`,
  title: `Importing data, part ${i}`,
  section: 'Guides',
  html: `<p>Import a sheet from a file, step ${i}.</p><h2 id="more">More on import</h2><p>Each import keeps the rows of part ${i}.</p>`,
}));

function engineWithLoader(): { engine: LocalSearchEngine; fetched: string[] } {
  const pages = PAGES.map((page) => ({ ...page, description: '', keywords: [], records: extractRecords(page) }));
  const files = buildLocalIndexFiles(pages, (i) => pages[i]!.records);
  const byPath = new Map(files.files.map((file) => [file.path, file.json]));
  const fetched: string[] = [];
  const engine = new LocalSearchEngine(JSON.parse(files.indexJson) as EntryFile, async (path) => {
    fetched.push(path);
    return JSON.parse(byPath.get(path)!);
  });
  return { engine, fetched };
}

/** A clock that runs 10 ms per reading, and a scheduler.yield() that counts its calls. */
function slowPhone(): { turns: () => number } {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
  const yieldTurn = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  vi.stubGlobal('scheduler', { yield: yieldTurn });
  return { turns: () => yieldTurn.mock.calls.length };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a first search in slices', () => {
  it('gives the browser a turn for each file read, before ranking, and between hits', async () => {
    const { engine, fetched } = engineWithLoader();
    const phone = slowPhone();
    const answer = await engine.search({ query: 'import', hitsPerPage: 20, snippetWords: 10 });
    expect(answer.hits.length).toBeGreaterThan(12);
    // At least one turn per file read, one before ranking and one per hit (more: fetches start in slices too).
    expect(phone.turns()).toBeGreaterThanOrEqual(fetched.length + 1 + answer.hits.length);
  });

  it('answers exactly as the one-task search does', async () => {
    const sliced = engineWithLoader().engine;
    slowPhone();
    const answer = await sliced.search({ query: 'import rows', hitsPerPage: 20, snippetWords: 10 });
    vi.restoreAllMocks();
    const whole = engineWithLoader().engine;
    await whole.search({ query: 'import rows', hitsPerPage: 20, snippetWords: 10 });
    expect(answer.hits.map(({ objectID, _snippetResult }) => ({ objectID, _snippetResult }))).toEqual(
      whole.searchSync({ query: 'import rows', hitsPerPage: 20, snippetWords: 10 }).hits.map(({ objectID, _snippetResult }) => ({ objectID, _snippetResult })),
    );
  });
});

describe('nextTurn', () => {
  it('resolves after a task queued before it, without scheduler.yield', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      order.push('queued task');
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    await nextTurn();
    order.push('after the turn');
    expect(order).toEqual(['queued task', 'after the turn']);
  });

  it('lets a slice run on while it has time left', async () => {
    const yieldTurn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTurn });
    // A clock that stands still: the real one could pass a slice's 5 ms on a loaded machine.
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    const slices = new Slices();
    expect(await slices.map([1, 2, 3], (n) => n * 2)).toEqual([2, 4, 6]);
    expect(yieldTurn).not.toHaveBeenCalled();
  });
});
