// The live-reload script of `helpgen dev` pages (served by cli/dev/live-reload.ts, compiled on
// the dev server's first request for it): reloads the page when a rebuild changed it, keeping
// the scroll position, shows a build error in an overlay that clears itself when the file is
// fixed, and lists the page's problems in a panel (./problems-panel.ts).
import { EVENTS_PATH, type ProblemEvent, type ReloadEvent } from '../../shared/dev-events.ts';
import { showProblemsPanel } from './problems-panel.ts';
import { session as storage } from './session.ts';

const SCROLL_KEY = 'helpgen-dev-scroll:';

const key = SCROLL_KEY + location.pathname;
const saved = storage((s) => s.getItem(key));
if (saved !== null) {
  storage((s) => s.removeItem(key));
  const y = Number(saved);
  const restore = () => window.scrollTo(0, y);
  restore();
  addEventListener('load', restore);
}

const source = new EventSource(EVENTS_PATH);
source.addEventListener('reload', (event) => {
  const { routes, full } = JSON.parse((event as MessageEvent<string>).data) as ReloadEvent;
  // The page now shown: the site's own navigation may have changed it since this script ran.
  const here = decodePath(location.pathname).replace(/\/+$/, '');
  if (!full && !routes.some((r) => r.replace(/\/+$/, '') === here)) return;
  storage((s) => s.setItem(SCROLL_KEY + location.pathname, String(window.scrollY)));
  // What the server sends after this (the problems of this rebuild) is for the new version of
  // the page, which gets it when it connects: this one is going.
  source.close();
  location.reload();
});
source.addEventListener('problem', (event) => show(JSON.parse((event as MessageEvent<string>).data) as ProblemEvent));
// Kept here rather than looked up by id: a page's heading may have the same id.
let box: HTMLElement | null = null;
source.addEventListener('clear', () => {
  box?.remove();
  box = null;
});
showProblemsPanel(source);

/** As the URL model reads an href (cli/source/routes.ts): each segment decoded on its own. */
function decodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

function show(problem: ProblemEvent): void {
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
