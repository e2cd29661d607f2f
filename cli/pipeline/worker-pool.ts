// The one way helpgen runs work on worker threads (rendering pages, highlighting code, building
// the search index). The main thread posts tasks and gets a promise of each result; the worker
// entry answers them with `serveTasks`. Two promises hold for every use:
// - A worker that dies (crashes, runs out of memory, cannot start) loses nothing: its unfinished
//   tasks, and every task after, go to the caller's fallback, which does the work in this thread.
// - An idle worker does not keep the process alive (a failed build must still exit); one with
//   work in hand does.
import { Worker, parentPort, type MessagePort, type ResourceLimits } from 'node:worker_threads';
import { Fifo } from '../fifo.ts';
import { workerEnv } from '../compile-cache.ts';

/** What a message may move to the other thread rather than copy. */
type TransferListItem = ArrayBuffer | MessagePort;

type Request<T> = { id: number; task: T };
type Reply<R> = { id: number; result: R } | { id: number; error: string };

interface Job<T, R> {
  task: T;
  /** What the task's message moves to the worker rather than copies (a MessagePort it holds). */
  transfer?: TransferListItem[];
  fallback: (task: T) => R | Promise<R>;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

interface Slot<T, R> {
  worker: Worker;
  jobs: Map<number, Job<T, R>>;
}

export interface PoolOptions {
  /** Worker threads to start (default 1). */
  size?: number;
  /** Tasks one worker holds at a time; the rest wait here for the first free worker (default: no limit). */
  perWorker?: number;
  /** Passed to each worker as `workerData`. */
  workerData?: unknown;
  /** What `workerData` moves to the worker rather than copies (a MessagePort it holds); only for a pool of one worker. */
  transferList?: TransferListItem[];
  /** Each worker's heap limits (node:worker_threads ResourceLimits). */
  resourceLimits?: ResourceLimits;
}

export class WorkerPool<T, R> {
  private readonly slots: Slot<T, R>[];
  private readonly queue = new Fifo<Job<T, R>>();
  private readonly perWorker: number;
  private nextId = 0;
  /** Set once a worker died or the pool was closed: all work is then done by the fallbacks. */
  private failed = false;

  constructor(script: string, { size = 1, perWorker = Number.POSITIVE_INFINITY, workerData, transferList, resourceLimits }: PoolOptions = {}) {
    this.perWorker = perWorker;
    if (transferList?.length && size > 1) throw new Error('WorkerPool: a transferList can go to one worker only');
    this.slots = Array.from({ length: Math.max(1, size) }, () => {
      const slot: Slot<T, R> = { worker: new Worker(script, { workerData, transferList, resourceLimits, ...workerEnv() }), jobs: new Map() };
      slot.worker.on('message', (reply: Reply<R>) => this.settle(slot, reply));
      slot.worker.on('error', () => this.fail());
      slot.worker.on('exit', () => this.fail());
      // After the listeners: adding a 'message' listener refs the worker's port again.
      slot.worker.unref();
      return slot;
    });
  }

  /** False once a worker died or the pool was closed. */
  get alive(): boolean {
    return !this.failed;
  }

  /** True when no task is waiting or in hand. */
  get idle(): boolean {
    return this.queue.length === 0 && this.slots.every((slot) => slot.jobs.size === 0);
  }

  /**
   * The worker's answer to `task`; `fallback(task)` if the workers are gone. Rejects with the
   * worker's error. `transfer` moves what it lists to the worker with the task.
   */
  run(task: T, fallback: (task: T) => R | Promise<R>, transfer?: TransferListItem[]): Promise<R> {
    if (this.failed) return Promise.resolve().then(() => fallback(task));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ task, transfer, fallback, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the workers; tasks still unanswered go to their fallbacks. */
  async close(): Promise<void> {
    this.fail();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const free = this.slots.filter((slot) => slot.jobs.size < this.perWorker).sort((a, b) => a.jobs.size - b.jobs.size)[0];
      if (!free) return;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      if (free.jobs.size === 0) free.worker.ref();
      free.jobs.set(id, job);
      free.worker.postMessage({ id, task: job.task } satisfies Request<T>, job.transfer);
    }
  }

  private settle(slot: Slot<T, R>, reply: Reply<R>): void {
    const job = slot.jobs.get(reply.id);
    if (!job) return;
    slot.jobs.delete(reply.id);
    if (slot.jobs.size === 0) slot.worker.unref();
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.result);
    this.dispatch();
  }

  /** A worker died (or the pool closed): every unanswered and waiting task goes to its fallback. */
  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    const orphans = [...this.slots.flatMap((slot) => [...slot.jobs.values()]), ...this.queue.drain()];
    for (const slot of this.slots) {
      slot.jobs.clear();
      slot.worker.unref();
      void slot.worker.terminate();
    }
    for (const job of orphans) Promise.resolve().then(() => job.fallback(job.task)).then(job.resolve, job.reject);
  }
}

/**
 * A worker's answer whose buffers move to the main thread instead of being copied: their memory
 * is then off the main thread's heap, and freed as soon as the main thread lets them go.
 */
export class Transferring<R> {
  constructor(
    readonly result: R,
    readonly buffers: ArrayBuffer[],
  ) {}
}

/** In a worker entry: answers each task the pool posts with `handle`'s result (or its error). */
export function serveTasks<T, R>(handle: (task: T) => R | Transferring<R> | Promise<R | Transferring<R>>): void {
  const port = parentPort!;
  port.on('message', async ({ id, task }: Request<T>) => {
    let reply: Reply<R>;
    let buffers: ArrayBuffer[] = [];
    try {
      const answer = await handle(task);
      if (answer instanceof Transferring) buffers = answer.buffers;
      reply = { id, result: answer instanceof Transferring ? answer.result : answer };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply, buffers);
  });
}
