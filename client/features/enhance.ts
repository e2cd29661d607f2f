// Page features whose code loads only on pages that use them: a page without tabs fetches no
// tab code. Each is a plain DOM module working on the server-rendered markup, found by a CSS
// selector, and is started on the first page and again on every page client navigation brings.
// Code loads at once, when its element comes near the screen ('visible'), or on the first click
// ('click', for a control whose work starts with that click). A click on a feature's control
// before its code is in asks for the code at once and is replayed when it is (held-clicks.ts).
// If a feature's code cannot be loaded, its `fallback` leaves the content readable.
// A production build writes a feature's code only when some page's content can ask for it
// (cli/render/chunk-gates.ts says which markdown plugin notes each): a new selector here that
// markdown can produce needs its note there too.
import { holdClicks } from './held-clicks.ts';
import { replayEarlyClicks } from './early-clicks.ts';

type Module = { init(scope: ParentNode): void };

type Feature =
  | { selector: string; when?: 'now' | 'visible'; load: () => Promise<Module>; fallback?: (scope: ParentNode) => void }
  | { selector: string; when: 'click'; onClick: (element: HTMLElement) => void };

const FEATURES: Feature[] = [
  {
    selector: '.tabs',
    load: () => import('./tabs.ts'),
    // Every panel shown with its label, as without JavaScript.
    fallback: (scope) => {
      for (const block of scope.querySelectorAll('.tabs')) block.classList.add('tabs--static');
    },
  },
  // The diagram's source text stays on screen if mermaid cannot load.
  { selector: 'figure.diagram', load: () => import('./diagrams.ts') },
  { selector: '.markdown-body img', load: () => import('./zoom.ts') },
  { selector: '.feedback', when: 'visible', load: () => import('./feedback.ts') },
  { selector: '.copy-page', when: 'click', onClick: (button) => void import('./copy-page.ts').then((m) => m.copyPage(button as HTMLButtonElement)) },
];

export function enhancePage(scope: ParentNode = document): void {
  for (const feature of FEATURES) {
    const elements = [...scope.querySelectorAll<HTMLElement>(feature.selector)];
    if (!elements.length) continue;
    if (feature.when === 'click') {
      for (const el of elements) {
        el.addEventListener('click', () => feature.onClick(el));
        el.dataset.ready = 'true';
      }
      // A click before the main script ran (the head noted it) happens now.
      replayEarlyClicks(elements);
      continue;
    }
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      feature.load().then(
        (module) => {
          module.init(scope);
          clicks.replay();
        },
        (error: unknown) => {
          clicks.drop();
          console.error(`Could not load the code for ${feature.selector} on this page.`, error);
          feature.fallback?.(scope);
        },
      );
    };
    // A click that comes before the code is kept, asks for the code at once, and is replayed.
    const clicks = holdClicks(elements, start);
    if (feature.when === 'visible' && 'IntersectionObserver' in window) whenNear(elements, start);
    else start();
  }
}

/** Calls `start` once, when one of the elements comes within a screen of the viewport. */
function whenNear(elements: HTMLElement[], start: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '100% 0px' },
  );
  for (const el of elements) observer.observe(el);
}
