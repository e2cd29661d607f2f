// Incremental rebuild in `helpgen dev`: the time from saving a content file to the reload
// event the dev server pushes to open browsers. The reload channel is found the way a browser
// finds it: from the served page (an EventSource URL in its HTML or scripts). When `helpgen
// dev` is not available, or speaks a protocol this probe does not recognise, the result says
// so instead of inventing a figure.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { summarize, percentile, type Summary } from '../stats.ts';

export interface DevResult {
  available: boolean;
  /** Why there is no figure, when there is none. */
  reason?: string;
  saveToReload?: Summary & { p95: number };
  timeouts?: number;
}

export interface DevOptions {
  helpgenRoot: string;
  siteDir: string;
  /** Path under the site folder of the page to edit. */
  editFile: string;
  /** Route of any page, to find the reload channel. */
  pageRoute: string;
  edits: number;
  /** Stop editing (with fewer edits, said in the result) when Date.now() passes this. */
  deadline: number;
  /** Extra node flags for the dev server, e.g. --cpu-prof to profile rebuilds. */
  nodeArgs?: string[];
}

export async function measureDev(options: DevOptions): Promise<DevResult> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(options.helpgenRoot, 'bin', 'helpgen.js'), 'dev', options.siteDir, '--port', String(port), '--host', '127.0.0.1'], {
    cwd: options.helpgenRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  let gone = false;
  const exited = new Promise<void>((resolve) => child.on('exit', () => {
    gone = true;
    resolve();
  }));
  const file = join(options.siteDir, options.editFile);
  const original = readFileSync(file, 'utf8');
  try {
    const origin = `http://127.0.0.1:${port}`;
    const ready = await Promise.race([waitForHttp(origin + encodeURI(options.pageRoute), Math.max(0, options.deadline - Date.now()), () => gone), exited.then(() => false)]);
    if (!ready) return { available: !gone, reason: gone ? `helpgen dev did not start: ${firstLine(output) || 'no output'}` : 'helpgen dev did not answer before the time allowed for it ran out' };
    const channel = await findReloadChannel(origin, options.pageRoute);
    if (!channel) return { available: false, reason: 'helpgen dev is running but no EventSource reload channel was found in the page' };
    const events = await openEventStream(origin + channel);
    if (!events) return { available: false, reason: `reload channel ${channel} did not answer as text/event-stream` };
    const times: number[] = [];
    let timeouts = 0;
    for (let i = 0; i < options.edits && Date.now() < options.deadline; i++) {
      // Let the watcher and any second event of the previous save settle, as between a
      // writer's saves, so no event is counted for the wrong edit.
      await events.quiet(300);
      events.drain();
      const started = performance.now();
      writeFileSync(file, original.replace(/\n*$/, `\n\nBenchmark edit ${i + 1}.\n`));
      if (await events.next(EDIT_TIMEOUT_MS)) times.push(performance.now() - started);
      else {
        // Slower than this is far over any budget; further edits would only queue up.
        timeouts++;
        break;
      }
    }
    events.close();
    const summary = summarize(times);
    if (timeouts) return { available: true, reason: `edit ${times.length + 1} got no reload event within ${EDIT_TIMEOUT_MS / 1000} s; measuring stopped`, timeouts, ...(summary ? { saveToReload: { ...summary, p95: percentile([...times].sort((a, b) => a - b), 95) } } : {}) };
    if (!summary) return { available: true, reason: 'no reload event arrived after any edit', timeouts };
    if (times.length + timeouts < options.edits) return { available: true, reason: `only ${times.length + timeouts} of ${options.edits} edits fitted in the time allowed`, saveToReload: { ...summary, p95: percentile([...times].sort((a, b) => a - b), 95) }, timeouts };
    return { available: true, saveToReload: { ...summary, p95: percentile([...times].sort((a, b) => a - b), 95) }, timeouts };
  } finally {
    writeFileSync(file, original);
    stop(child);
  }
}

function stop(child: ChildProcess): void {
  try {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function findReloadChannel(origin: string, route: string): Promise<string | undefined> {
  const html = await (await fetch(origin + encodeURI(route))).text();
  const texts = [html];
  for (const match of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) {
    try {
      texts.push(await (await fetch(new URL(match[1]!, origin + route))).text());
    } catch {
      // A script that does not load cannot hold the channel either.
    }
  }
  // An explicit EventSource URL anywhere wins over a path that merely looks like one.
  for (const text of texts) {
    const direct = /new EventSource\(\s*["'`]([^"'`]+)["'`]/.exec(text)?.[1];
    if (direct) return direct;
  }
  for (const text of texts) {
    const named = /["'`](\/[\w/.-]*(?:__helpgen|reload|events|hmr)[\w/.-]*)["'`]/i.exec(text)?.[1];
    if (named && !/\.js$/.test(named)) return named;
  }
  return undefined;
}

const EDIT_TIMEOUT_MS = 15_000;

interface EventStream {
  next(timeoutMs: number): Promise<boolean>;
  /** Resolves once no event has arrived for `ms`. */
  quiet(ms: number): Promise<void>;
  drain(): void;
  close(): void;
}

/** Server-sent events: each block separated by a blank line that carries data is an event. */
async function openEventStream(url: string): Promise<EventStream | undefined> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } }).catch(() => undefined);
  if (!response?.ok || !response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
    controller.abort();
    return undefined;
  }
  let pending = 0;
  let lastEventAt = 0;
  let waiter: (() => void) | undefined;
  let buffer = '';
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          // A named "reload" event, or an unnamed data event from a server that does not name them.
          const name = /^event:\s*(\S+)/m.exec(block)?.[1];
          if (name === 'reload' || (!name && /^data:/m.test(block))) {
            pending++;
            lastEventAt = performance.now();
            waiter?.();
          }
        }
      }
    } catch {
      // Aborted at the end of the measurement.
    }
  })();
  return {
    next: (timeoutMs) =>
      new Promise((resolve) => {
        if (pending > 0) {
          pending--;
          return resolve(true);
        }
        const timer = setTimeout(() => {
          waiter = undefined;
          resolve(false);
        }, timeoutMs);
        waiter = () => {
          clearTimeout(timer);
          waiter = undefined;
          pending--;
          resolve(true);
        };
      }),
    quiet: async (ms) => {
      do await sleep(ms);
      while (performance.now() - lastEventAt < ms);
    },
    drain: () => (pending = 0),
    close: () => controller.abort(),
  };
}

async function waitForHttp(url: string, timeoutMs: number, gaveUp: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const firstLine = (text: string) => text.trim().split('\n')[0] ?? '';
