// Server-sent events to open browsers: "reload" after a rebuild, "problem" to show the error
// overlay, "clear" to remove it, "page-problems" for the problems panel. Plus the script every
// dev page loads to listen: client/dev/live-reload.ts, compiled on its first request (prebuilt in
// the published package).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { helpgenRoot, prebuiltDir } from '../paths.ts';
import { CLIENT_PATH, EVENTS_PATH, type PageProblem, type ProblemEvent } from '../../shared/dev-events.ts';

export type { ProblemEvent } from '../../shared/dev-events.ts';

export class LiveReload {
  private readonly clients = new Set<ServerResponse>();
  private lastProblem: ProblemEvent | undefined;
  private lastPageProblems = '[]';

  /** Handles the two dev endpoints; returns false for every other request. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '').split('?')[0];
    if (path === EVENTS_PATH) {
      if (req.method !== 'GET') {
        res.writeHead(405, { Allow: 'GET' }).end();
        return true;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write('retry: 500\n\n');
      this.clients.add(res);
      // A browser that connects while the site is broken sees the overlay at once.
      if (this.lastProblem) this.send(res, 'problem', this.lastProblem);
      if (this.lastPageProblems !== '[]') res.write(`event: page-problems\ndata: ${this.lastPageProblems}\n\n`);
      req.on('close', () => this.clients.delete(res));
      return true;
    }
    if (path === CLIENT_PATH) {
      clientScript().then(
        (script) => res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(script),
        (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`helpgen could not compile its live-reload script: ${error instanceof Error ? error.message : String(error)}`),
      );
      return true;
    }
    return false;
  }

  get connected(): number {
    return this.clients.size;
  }

  reload(routes: string[], full: boolean): void {
    this.broadcast('reload', { routes, full });
  }

  problem(problem: ProblemEvent): void {
    this.lastProblem = problem;
    this.broadcast('problem', problem);
  }

  /** The site's current problems, each with its page; browsers show the ones of their page. */
  pageProblems(problems: PageProblem[]): void {
    const data = JSON.stringify(problems);
    if (data === this.lastPageProblems) return;
    this.lastPageProblems = data;
    this.broadcast('page-problems', problems);
  }

  clear(): void {
    if (!this.lastProblem) return;
    this.lastProblem = undefined;
    this.broadcast('clear', {});
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(event: string, data: unknown): void {
    for (const client of this.clients) this.send(client, event, data);
  }

  private send(res: ServerResponse, event: string, data: unknown): void {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}

/** Adds the live-reload script to a served page. */
export function injectClient(html: string): string {
  return html.replace('</body>', `<script src="${CLIENT_PATH}"></script></body>`);
}

let compiled: Promise<string> | undefined;

/** The live-reload script, compiled once per process (esbuild, for the browser). */
function clientScript(): Promise<string> {
  compiled ??= prebuiltDir ? readFile(join(prebuiltDir, 'client', LIVE_RELOAD_FILE), 'utf8') : compileLiveReload();
  compiled.catch(() => (compiled = undefined)); // a failed compile is tried again on the next request
  return compiled;
}

/** Where the published package keeps the compiled live-reload script, under lib/client/. */
export const LIVE_RELOAD_FILE = 'live-reload.js';

/** client/dev/live-reload.ts compiled for the browser (esbuild). */
export async function compileLiveReload(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ entryPoints: [join(helpgenRoot, 'client', 'dev', 'live-reload.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', target: ['chrome110', 'firefox110', 'safari16'], logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}
