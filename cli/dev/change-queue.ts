// When the dev server rebuilds. Changes arrive in bursts (editors write several files, renames
// are unlink + add): they are gathered for a moment, then handed over as one batch. Batches never
// overlap. chokidar drops a second change event for the same file within 50 ms, so a quiet
// re-check follows each batch: it finds any such save by its mtime and rebuilds only if something
// really changed.
//
//   idle ──change──▶ gathering ──15 ms──▶ working ──done──▶ settling ──70 ms──▶ re-checking ──▶ idle
//                      ▲  (each change restarts the wait)        │  a change meanwhile: back to gathering
export type QueueState = 'idle' | 'gathering' | 'working' | 'settling' | 're-checking';

/** How long changes are gathered, and how long after a batch the re-check waits. */
const GATHER_MS = 15;
const SETTLE_MS = 70;

export interface ChangeHandlers {
  /** A batch of changed paths, with what happened to each ("changed", "added", "deleted"). */
  batch(changes: Map<string, string>): Promise<void>;
  /** The quiet re-check after a batch. */
  recheck(): Promise<void>;
}

export class ChangeQueue {
  private pending = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private settleTimer: NodeJS.Timeout | undefined;
  /** The work under way (batches and re-checks run one after another). */
  private running: Promise<void> = Promise.resolve();
  private readonly idleWaiters: (() => void)[] = [];

  constructor(private readonly handlers: ChangeHandlers) {}

  get state(): QueueState {
    if (this.timer) return 'gathering';
    if (this.settleTimer) return 'settling';
    return this.busy ?? 'idle';
  }

  private busy: 'working' | 're-checking' | undefined;

  change(path: string, what: string): void {
    this.pending.set(path, what);
    clearTimeout(this.timer);
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    this.timer = setTimeout(() => {
      const batch = this.pending;
      this.pending = new Map();
      this.timer = undefined;
      this.running = this.running
        .then(() => this.run('working', () => this.handlers.batch(batch)))
        .then(() => {
          if (this.timer || this.pending.size) return;
          this.settleTimer = setTimeout(() => {
            this.running = this.running
              .then(() => this.run('re-checking', () => this.handlers.recheck()))
              .then(() => {
                this.settleTimer = undefined;
                this.wakeIdleWaiters();
              });
          }, SETTLE_MS);
        });
    }, GATHER_MS);
  }

  /** Resolves after the work that follows the latest change (for tests and benchmarks). */
  idle(): Promise<void> {
    return new Promise<void>((done) => {
      if (this.quiet()) void this.running.then(() => done());
      else this.idleWaiters.push(done);
    });
  }

  /** Stops the timers; work under way finishes. */
  stop(): Promise<void> {
    clearTimeout(this.timer);
    clearTimeout(this.settleTimer);
    return this.running;
  }

  private async run(state: 'working' | 're-checking', work: () => Promise<void>): Promise<void> {
    this.busy = state;
    try {
      await work();
    } finally {
      this.busy = undefined;
    }
  }

  /** No change waiting and no re-check to come. */
  private quiet(): boolean {
    return !this.pending.size && !this.timer && !this.settleTimer;
  }

  private wakeIdleWaiters(): void {
    if (this.quiet()) for (const done of this.idleWaiters.splice(0)) done();
  }
}
