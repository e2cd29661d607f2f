// The navigation progress bar, a small rewrite of nprogress's behaviour with its defaults: it
// appears only when loading takes longer than 200 ms, starts at 8 %, trickles forward by up to
// 2 % every 800 ms, animates each step over 200 ms, and on completion fills, fades and goes.
export const PROGRESS = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;

let startTimer: number | undefined;
let trickleTimer: number | undefined;
let status: number | null = null;
let bar: HTMLElement | null = null;
let removeTimers: number[] = [];

/** Navigation started: show the bar if it is still running after the delay. */
export function startProgress(): void {
  window.clearTimeout(startTimer);
  startTimer = window.setTimeout(() => {
    set(PROGRESS.minimum);
    trickle();
  }, PROGRESS.delay);
}

/** Navigation finished (or failed): cancel a pending bar, or complete the visible one. */
export function doneProgress(): void {
  window.clearTimeout(startTimer);
  startTimer = undefined;
  if (status === null) return;
  window.clearTimeout(trickleTimer);
  set(status + (0.3 + 0.5 * Math.random()) * (1 - status));
  set(1);
}

export function progressValue(): number | null {
  return status;
}

function trickle(): void {
  trickleTimer = window.setTimeout(() => {
    if (status === null || status >= 1) return;
    set(Math.min(status + Math.random() * PROGRESS.trickleRate, 0.994));
    trickle();
  }, PROGRESS.trickleSpeed);
}

function set(value: number): void {
  const n = Math.min(Math.max(value, PROGRESS.minimum), 1);
  for (const t of removeTimers) window.clearTimeout(t);
  removeTimers = [];
  status = n;
  const el = render();
  el.style.opacity = '1';
  el.style.transition = `transform ${PROGRESS.speed}ms ease`;
  el.style.transform = `translate3d(${(-1 + n) * 100}%, 0, 0)`;
  el.dataset.value = n.toFixed(3);
  if (n === 1) {
    window.clearTimeout(trickleTimer);
    removeTimers.push(
      window.setTimeout(() => {
        el.style.transition = `opacity ${PROGRESS.speed}ms linear`;
        el.style.opacity = '0';
        removeTimers.push(
          window.setTimeout(() => {
            el.parentElement?.remove();
            bar = null;
            status = null;
          }, PROGRESS.speed),
        );
      }, PROGRESS.speed),
    );
  }
}

function render(): HTMLElement {
  if (bar?.isConnected) return bar;
  const host = document.createElement('div');
  host.className = 'nprogress';
  host.setAttribute('aria-hidden', 'true');
  bar = document.createElement('div');
  bar.className = 'nprogress__bar';
  bar.style.transform = 'translate3d(-100%, 0, 0)';
  host.append(bar);
  document.body.append(host);
  void bar.offsetWidth; // start the first move from the left edge
  return bar;
}
