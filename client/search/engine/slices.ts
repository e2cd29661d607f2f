// Long work cut into slices that give the browser a turn between them, so a reader's tap or
// key, and the page's paint, never wait behind a first search: decoding the page files that
// arrive together and building the hits of a full results page take tens of milliseconds on a
// slow phone, and any task over 50 ms is one the reader can feel (and Lighthouse counts as
// blocking time). The work and its result are the same; only where the tasks end moves.

/** At most this much work between two turns of the browser: a tenth of what a reader notices, as React's scheduler does. */
export const SLICE_MS = 5;

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (the rest of the work
 * keeps its place ahead of other queued tasks), else a MessageChannel message (no 4 ms clamp
 * as nested setTimeout(0) has).
 */
export function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A clock for one piece of work: `turn()` gives the browser a turn once a slice's time is spent. */
export class Slices {
  private started = performance.now();

  /** Resolves at once while the slice has time left, else after the browser's turn. */
  async turn(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await nextTurn();
    this.started = performance.now();
  }

  /** `fn` of each item, in order, giving the browser a turn whenever a slice is spent. */
  async map<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
    const out: R[] = [];
    for (const item of items) {
      await this.turn();
      out.push(fn(item));
    }
    return out;
  }
}
