// Runs work that no first view needs (third-party scripts, code for later interactions) once the
// page has loaded and the browser has a moment: after the load event, in an idle period (at
// most `timeout` ms later on a page that is never idle), so it never competes with the page's
// own first paint and scripts.
export function whenIdle(work: () => void, timeout = 3000): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(work, { timeout }) : setTimeout(work, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
