// Clicks on a feature's controls (a feedback answer, a tab, a diagram's button) that come
// before the feature's code has arrived: each is kept, the code is asked for at once, and the
// clicks are replayed on the same controls once the code has set them up, so that no reader's
// first click is lost on a slow network. Links are left alone: they work without the code.
const CONTROL = 'button, [role=tab], [role=button], summary';

export interface HeldClicks {
  /** The code is in and set up: the kept clicks happen now, and later ones go straight to it. */
  replay(): void;
  /** The code could not be loaded: the kept clicks are forgotten. */
  drop(): void;
}

export function holdClicks(elements: HTMLElement[], requestCode: () => void): HeldClicks {
  const kept: HTMLElement[] = [];
  const keep = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    if (!control || !(event.currentTarget as Node).contains(control)) return;
    // The control has no handler yet: this click must not also reach the page (a form's submit).
    event.preventDefault();
    event.stopPropagation();
    if (!kept.includes(control)) kept.push(control);
    requestCode();
  };
  for (const el of elements) el.addEventListener('click', keep, true);
  const stop = () => {
    for (const el of elements) el.removeEventListener('click', keep, true);
  };
  return {
    replay() {
      stop();
      for (const control of kept.splice(0)) if (control.isConnected) control.click();
    },
    drop() {
      stop();
      kept.length = 0;
    },
  };
}
