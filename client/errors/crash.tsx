// The page-level crash screen. Any island whose rendering throws reports here; the content of
// #__page is hidden (not removed, so nothing is lost) and "This page crashed." is shown in its
// place with the error's causes. "Try again" brings the content back and re-renders the islands
// that failed; if they fail again the screen comes back.
import { createRoot, type Root } from 'react-dom/client';
import { CrashScreen } from './CrashScreen.tsx';

let screen: { host: HTMLElement; root: Root; hidden: HTMLElement[]; retries: (() => void)[] } | undefined;

export function showCrashScreen(error: unknown, retry: () => void): void {
  if (screen) {
    screen.retries.push(retry);
    return;
  }
  const page = document.getElementById('__page') ?? document.body;
  const hidden = [...page.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.hidden);
  for (const el of hidden) el.hidden = true;
  const host = document.createElement('main');
  host.className = 'crash-screen-host';
  page.prepend(host);
  const root = createRoot(host);
  screen = { host, root, hidden, retries: [retry] };
  root.render(<CrashScreen error={error} onTryAgain={tryAgain} />);
}

function tryAgain(): void {
  const current = screen;
  if (!current) return;
  screen = undefined;
  current.root.unmount();
  current.host.remove();
  for (const el of current.hidden) el.hidden = false;
  for (const retry of current.retries) retry();
}

let afterNavigation: (() => void)[] = [];

/**
 * Before a client navigation replaces the page: drop the crash screen. The islands that failed
 * (the navbar's stay on screen) render again once the new page is in (retryFailedIslands).
 */
export function clearCrashScreen(): void {
  if (!screen) return;
  screen.root.unmount();
  screen.host.remove();
  for (const el of screen.hidden) el.hidden = false;
  afterNavigation = screen.retries;
  screen = undefined;
}

export function retryFailedIslands(): void {
  const retries = afterNavigation;
  afterNavigation = [];
  for (const retry of retries) retry();
}
