// Page features whose code loads only on pages that use them: a page without tabs fetches no
// tab code. Each is a plain DOM module working on the server-rendered markup, found by a CSS
// selector, and is started on the first page and again on every page client navigation brings.
// Code loads at once, when its element comes near the screen ('visible'), on the first click
// ('click', for a control whose work starts with that click), or when the reader reaches for it
// ('intent', ./intent.ts: tabs, whose first panel the server already shows). A click on a
// feature's control before its code is in asks for the code at once and is replayed when it is
// (held-clicks.ts).
// If a feature's code cannot be loaded, its `fallback` leaves the content readable.
// Which features there are, their selectors and when each loads: shared/feature-chunks.ts, the
// list a production build also reads to write only the chunks some page can ask for.
import { FEATURE_CHUNKS, type FeatureChunk } from '../../shared/feature-chunks.ts';
import { EARLY_CLICK_CONTROLS } from '../../shared/early-clicks.ts';
import { holdClicks } from './held-clicks.ts';
import { replayEarlyClicks } from './early-clicks.ts';
import { checkOnHashChange, whenIntent } from './intent.ts';
import { tabsNeedCodeNow } from './tab-state.ts';
import { storage } from '../storage.ts';
import { FEEDBACK_ANSWERS_KEY } from '../../shared/feedback.ts';
import { markZoomable } from './zoomable.ts';

interface ChunkModule {
  init?(scope: ParentNode): void;
  onClick?(element: HTMLElement): void;
}

/**
 * A feature's code. The pattern is a glob import: esbuild makes each module of ./chunks/ a chunk
 * of its own, loaded here by name.
 */
const load = (chunk: FeatureChunk): Promise<ChunkModule> => import(`./chunks/${chunk.name}.ts`);

/** What keeps the content readable when a feature's code cannot load. */
const FALLBACKS: Record<string, (scope: ParentNode) => void> = {
  // Every panel shown with its label, as without JavaScript. (A diagram's source text stays on
  // screen without its code; images are images.)
  tabs: (scope) => {
    for (const block of scope.querySelectorAll('.tabs')) block.classList.add('tabs--static');
  },
};

/** For an 'intent' feature: whether the page needs its code before any intent (it must change what the server rendered). */
const NEEDED_NOW: Record<string, (scope: ParentNode) => boolean> = {
  tabs: tabsNeedCodeNow,
  // A page answered before shows thanks instead of the question (a cheap look: the chunk parses the answers).
  feedback: () => storage.get(FEEDBACK_ANSWERS_KEY)?.includes(JSON.stringify(location.pathname)) ?? false,
};

export function enhancePage(scope: ParentNode = document): void {
  markZoomable(scope);
  for (const feature of FEATURE_CHUNKS) {
    const elements = [...scope.querySelectorAll<HTMLElement>(feature.selector)];
    if (!elements.length) continue;
    if (feature.when === 'click') {
      for (const el of elements) {
        el.addEventListener('click', () => void load(feature).then((module) => module.onClick?.(el)));
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
      load(feature).then(
        (module) => {
          module.init?.(scope);
          clicks.replay();
        },
        (error: unknown) => {
          clicks.drop();
          console.error(`Could not load the code for ${feature.selector} on this page.`, error);
          FALLBACKS[feature.name]?.(scope);
        },
      );
    };
    // A click that comes before the code is kept, asks for the code at once, and is replayed.
    const clicks = holdClicks(elements, start);
    // Its controls now keep their clicks (a tab's, before the main script ran, was noted by the head).
    const early = elements.flatMap((el) => [...el.querySelectorAll<HTMLElement>(EARLY_CLICK_CONTROLS)]);
    for (const control of early) control.dataset.ready = 'true';
    replayEarlyClicks(early);
    if (feature.when === 'intent') {
      whenIntent(elements, feature.intentOn, start);
      const neededNow = NEEDED_NOW[feature.name];
      if (neededNow?.(scope)) start();
      // A link to a section inside a hidden panel (the table of contents) needs the code to open it.
      else if (neededNow) {
        checkOnHashChange(() => {
          if (!started && elements[0]!.isConnected && neededNow(scope)) start();
          return started || !elements[0]!.isConnected;
        });
      }
    } else if (feature.when === 'visible' && 'IntersectionObserver' in window) whenNear(elements, start);
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
