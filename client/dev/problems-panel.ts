// The problems panel of `helpgen dev` pages: the problems of the page the writer is on (broken
// links, missing anchors, front matter warnings …), each with its file:line:column and "Did you
// mean". It can be dismissed, and comes back only when that page's problems change. It lives in
// a shadow root, so neither the site's styles nor its scripts change it.
import type { PageProblem } from '../../shared/dev-events.ts';
import { session } from './session.ts';

const PANEL_ID = 'helpgen-dev-problems';
const DISMISSED = 'helpgen-dev-dismissed:';

/** Keeps the panel in step with the "page-problems" events and with client-side navigation. */
export function showProblemsPanel(source: EventSource): void {
  let siteProblems: PageProblem[] = [];
  const render = () => renderPanel(siteProblems);
  source.addEventListener('page-problems', (event) => {
    siteProblems = JSON.parse((event as MessageEvent<string>).data) as PageProblem[];
    render();
  });
  addEventListener('helpgen:navigated', render);
  addEventListener('popstate', render);
}

function renderPanel(siteProblems: PageProblem[]): void {
  const here = decodeURI(location.pathname).replace(/\/+$/, '');
  const mine = siteProblems.filter((p) => p.route === undefined || p.route.replace(/\/+$/, '') === here);
  const signature = JSON.stringify(mine);
  // A div: a heading of the page may have the same id (and raw HTML ids are prefixed).
  let host = document.querySelector<HTMLDivElement>('div#' + PANEL_ID);
  if (!mine.length || session((s) => s.getItem(DISMISSED + here)) === signature) {
    host?.remove();
    return;
  }
  if (!host) {
    host = document.createElement('div');
    host.id = PANEL_ID;
    host.attachShadow({ mode: 'open' });
    document.body.appendChild(host);
  }
  const panelHost = host;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const panel = el('section', 'panel');
  panel.setAttribute('aria-label', 'Problems on this page');
  const head = el('div', 'head');
  const errors = mine.filter((p) => p.severity === 'error').length;
  // Messages about the same place (a broken .md link is both a missing file and a broken
  // link) are one problem to the writer: one entry, each message in it.
  const places = new Map<string, PageProblem[]>();
  for (const problem of mine) {
    const key = problem.where || problem.message;
    if (!places.has(key)) places.set(key, []);
    places.get(key)!.push(problem);
  }
  const title = el('h2', '', places.size === 1 ? '1 problem on this page' : places.size + ' problems on this page');
  const close = el('button', 'close', '×');
  close.type = 'button';
  close.title = "Dismiss (it comes back when this page's problems change)";
  close.setAttribute('aria-label', 'Dismiss the problems panel');
  close.addEventListener('click', () => {
    session((s) => s.setItem(DISMISSED + here, signature));
    panelHost.remove();
  });
  head.append(title, close);
  const list = el('ul');
  for (const group of places.values()) {
    const severity = group.some((p) => p.severity === 'error') ? 'error' : 'warning';
    const item = el('li', severity);
    const where = el('div', 'where');
    where.append(el('span', 'label', severity), el('code', '', group[0]!.where || 'site layout'));
    item.append(where);
    for (const problem of group) {
      item.append(el('p', 'message', problem.message));
      if (problem.hint) item.append(el('p', 'hint', problem.hint));
    }
    list.append(item);
  }
  const foot = el('p', 'foot', (errors ? 'The build fails on errors. ' : '') + 'helpgen build --strict (CI) fails on every problem here. Fix the file and save: this panel updates by itself.');
  panel.append(head, list, foot);
  const style = el('style', '', PANEL_CSS);
  panelHost.shadowRoot!.replaceChildren(style, panel);
}

const PANEL_CSS = `
    .panel { position: fixed; right: 16px; bottom: 16px; z-index: 2147483646; box-sizing: border-box;
      width: min(520px, calc(100vw - 32px)); max-height: min(50vh, 520px); overflow: auto;
      background: #1d2027; color: #e8eaed; border-left: 5px solid #f0b429; border-radius: 8px;
      box-shadow: 0 10px 32px rgba(0,0,0,.35); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
    .head { display: flex; align-items: center; justify-content: space-between; gap: 8px;
      position: sticky; top: 0; background: #1d2027; padding: 10px 8px 6px 16px; }
    h2 { margin: 0; font-size: 15px; color: #ffd36b; }
    .close { font: inherit; font-size: 22px; line-height: 1; color: #e8eaed; background: transparent;
      border: 1px solid transparent; border-radius: 6px; min-width: 36px; min-height: 36px; cursor: pointer; }
    .close:hover { background: #2c313a; }
    .close:focus-visible { outline: 2px solid #8ab4f8; outline-offset: 1px; }
    ul { list-style: none; margin: 0; padding: 0 16px; }
    li { padding: 8px 0; border-top: 1px solid #333a45; }
    .where { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
    .where code { font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; color: #c6d0dc; overflow-wrap: anywhere; }
    .label { font-size: 12px; font-weight: 700; text-transform: uppercase; color: #ffd36b; }
    li.error .label { color: #ff8a8a; }
    p { margin: 4px 0 0; overflow-wrap: anywhere; }
    .hint { color: #b8c0cc; }
    .foot { padding: 8px 16px 12px; color: #9aa3af; font-size: 12px; }
  `;
