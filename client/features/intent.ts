// Code that comes when the reader reaches for a feature ('intent' in shared/feature-chunks.ts):
// the pointer entering or pressing one of its parts, or focus moving into one. On a phone the
// first touch is the pointerdown, before its click; with a keyboard, the Tab that reaches the
// control. A click or a tab's arrow key that still comes before the code is kept and replayed
// (held-clicks.ts), so the code arrives early where it can and no input is lost where it cannot.
const INTENT_EVENTS = ['pointerenter', 'pointerdown', 'focusin'] as const;

/** Calls `start` once, at the first sign of intent toward `part` of one of the elements (default: the element). */
export function whenIntent(elements: HTMLElement[], part: string | undefined, start: () => void): void {
  const parts = part ? elements.flatMap((el) => [...el.querySelectorAll<HTMLElement>(part)]) : [];
  const targets = parts.length ? parts : elements;
  const go = () => {
    for (const target of targets) for (const type of INTENT_EVENTS) target.removeEventListener(type, go);
    start();
  };
  for (const target of targets) for (const type of INTENT_EVENTS) target.addEventListener(type, go, { passive: true });
}

/** Checks, on each #hash change, whether a feature's code is now needed; a check returns true once it is done with. */
const hashChecks = new Set<() => boolean>();

/** Runs `check` on every #hash change until it returns true (the code was asked for, or its page is gone). */
export function checkOnHashChange(check: () => boolean): void {
  if (!hashChecks.size) window.addEventListener('hashchange', runHashChecks);
  hashChecks.add(check);
}

function runHashChecks(): void {
  for (const check of hashChecks) if (check()) hashChecks.delete(check);
  if (!hashChecks.size) window.removeEventListener('hashchange', runHashChecks);
}
