// Server-sent events to open browsers: "reload" after a rebuild, "problem" to show the error
// overlay, "clear" to remove it. Plus the small script every dev page loads to listen.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PANEL_SCRIPT } from './panel-client.ts';
import type { PageProblem } from './page-problems.ts';

export const EVENTS_PATH = '/__helpgen/events';
export const CLIENT_PATH = '/__helpgen/live-reload.js';

export interface ProblemEvent {
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
}

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
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(CLIENT_SCRIPT);
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

// Plain browser JavaScript (no build step): reloads changed pages keeping the scroll position,
// and shows build problems in an overlay that clears itself when the file is fixed.
const CLIENT_SCRIPT = `(() => {
  const KEY = 'helpgen-dev-scroll:' + location.pathname;
  // Storage may be blocked (privacy settings, sandboxed frames): then the scroll position is not kept.
  const storage = (action) => {
    try {
      return action(sessionStorage);
    } catch {
      return null;
    }
  };
  const saved = storage((s) => s.getItem(KEY));
  if (saved !== null) {
    storage((s) => s.removeItem(KEY));
    const y = Number(saved);
    const restore = () => window.scrollTo(0, y);
    restore();
    addEventListener('load', restore);
  }
  const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
  source.addEventListener('reload', (event) => {
    const { routes, full } = JSON.parse(event.data);
    // The page now shown: the site's own navigation may have changed it since this script ran.
    const here = decodePath(location.pathname).replace(/\\/+$/, '');
    if (!full && !routes.some((r) => r.replace(/\\/+$/, '') === here)) return;
    storage((s) => s.setItem('helpgen-dev-scroll:' + location.pathname, String(window.scrollY)));
    location.reload();
  });
  source.addEventListener('problem', (event) => show(JSON.parse(event.data)));
  // Kept here rather than looked up by id: a page's heading may have the same id.
  let box = null;
  source.addEventListener('clear', () => {
    box?.remove();
    box = null;
  });
  // As the URL model reads an href (cli/source/routes.ts): each segment decoded on its own.
  function decodePath(path) {
    return path.split('/').map((segment) => { try { return decodeURIComponent(segment); } catch { return segment; } }).join('/');
  }
  function show(problem) {
    if (!box) {
      box = document.createElement('div');
      box.id = 'helpgen-dev-overlay';
      box.setAttribute('role', 'alertdialog');
      box.setAttribute('aria-label', 'Build problem');
      box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(15,17,21,.88);color:#fff;font:14px/1.6 ui-monospace,Menlo,Consolas,monospace;padding:48px 24px;overflow:auto';
      document.body.appendChild(box);
    }
    const where = problem.file ? problem.file + (problem.line ? ':' + problem.line + (problem.column ? ':' + problem.column : '') : '') : '';
    box.replaceChildren();
    const card = document.createElement('div');
    card.style.cssText = 'max-width:880px;margin:0 auto;background:#1d2027;border-left:6px solid #ff6b6b;border-radius:8px;padding:20px 24px;box-shadow:0 12px 40px rgba(0,0,0,.5)';
    const title = document.createElement('div');
    title.style.cssText = 'color:#ff8a8a;font-weight:700;margin-bottom:8px';
    title.textContent = 'Build problem' + (where ? ' in ' + where : '');
    const message = document.createElement('pre');
    message.style.cssText = 'white-space:pre-wrap;margin:0 0 12px';
    message.textContent = problem.message;
    card.append(title, message);
    if (problem.hint) {
      const hint = document.createElement('div');
      hint.style.cssText = 'color:#b8c0cc';
      hint.textContent = problem.hint;
      card.append(hint);
    }
    const foot = document.createElement('div');
    foot.style.cssText = 'color:#8a93a0;margin-top:16px;font-size:12px';
    foot.textContent = 'Fix the file and save: this page updates by itself. The server keeps running.';
    card.append(foot);
    box.append(card);
  }
${PANEL_SCRIPT}
})();
`;
