// Clicks on a feature's controls (a feedback answer, a tab, a diagram's button) that come
// before the feature's code has arrived: each is kept, the code is asked for at once, and the
// clicks are replayed on the same controls once the code has set them up, so that no reader's
// first click is lost on a slow network. The keys that move between tabs (arrows, Home, End)
// are kept and replayed the same way: a tab is focusable before its code is in. Links are left
// alone: they work without the code.
const CONTROL = 'button, [role=tab], [role=button], summary';
/** Keys a tab list answers (WAI-ARIA tabs pattern); a button's Enter and Space arrive as clicks. */
const TAB_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

export interface HeldClicks {
  /** The code is in and set up: the kept clicks happen now, and later ones go straight to it. */
  replay(): void;
  /** The code could not be loaded: the kept clicks are forgotten. */
  drop(): void;
}

/** A kept click, or a kept key press on a tab (its key). */
interface Kept {
  control: HTMLElement;
  key?: string;
}

export function holdClicks(elements: HTMLElement[], requestCode: () => void): HeldClicks {
  const kept: Kept[] = [];
  const keep = (event: Event) => {
    const keyboard = event instanceof KeyboardEvent ? event : undefined;
    const key = keyboard?.key;
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(key === undefined ? CONTROL : '[role=tab]') : null;
    if (!control || !(event.currentTarget as Node).contains(control)) return;
    if (key !== undefined && (!TAB_KEYS.has(key) || keyboard?.ctrlKey || keyboard?.metaKey || keyboard?.altKey)) return;
    // The control has no handler yet: this click must not also reach the page (a form's submit,
    // Home and End scrolling it).
    event.preventDefault();
    event.stopPropagation();
    if (key !== undefined || !kept.some((k) => k.control === control && k.key === undefined)) kept.push({ control, key });
    requestCode();
  };
  for (const el of elements) {
    el.addEventListener('click', keep, true);
    el.addEventListener('keydown', keep, true);
  }
  const stop = () => {
    for (const el of elements) {
      el.removeEventListener('click', keep, true);
      el.removeEventListener('keydown', keep, true);
    }
  };
  return {
    replay() {
      stop();
      for (const { control, key } of kept.splice(0)) {
        if (!control.isConnected) continue;
        if (key === undefined) control.click();
        else keyOn(control).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
    },
    drop() {
      stop();
      kept.length = 0;
    },
  };
}

/**
 * Where a kept key press happens again: the tab that has focus now, if it is in the same tab
 * list (two presses of → move two tabs on), else the tab it was pressed on.
 */
function keyOn(control: HTMLElement): HTMLElement {
  const focused = document.activeElement;
  const list = control.closest('[role=tablist]');
  return focused instanceof HTMLElement && focused.matches('[role=tab]') && list?.contains(focused) ? focused : control;
}
