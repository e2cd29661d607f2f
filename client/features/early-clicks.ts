// Replays the clicks the head's inline script noted on controls before their code had run
// (shared/early-clicks.ts): called by the code that wires those controls, right after it has.
import { EARLY_CLICKS_GLOBAL } from '../../shared/early-clicks.ts';

type WithEarlyClicks = Window & { [EARLY_CLICKS_GLOBAL]?: Element[] };

/** Clicks again each of `wired` that was clicked before it was wired, in the order of the clicks. */
export function replayEarlyClicks(wired: readonly Element[]): void {
  const noted = (window as WithEarlyClicks)[EARLY_CLICKS_GLOBAL];
  if (!noted?.length) return;
  for (const control of noted.filter((c) => wired.includes(c))) {
    noted.splice(noted.indexOf(control), 1);
    if (control.isConnected && control instanceof HTMLElement) control.click();
  }
}
