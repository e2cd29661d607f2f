// Third-party scripts from the config (the live-chat widget), each added once, async, so they
// never delay reading or the first interaction. A script with a launcher (a chat button the page
// already shows: templates/components/ScriptLauncher.tsx) loads only when the reader reaches for
// that button (pointer over or pressing it, focus on it); a click that comes before the script
// has run is kept and replayed on the button once it has, when the script has wired it. The
// others load once the page has loaded and the browser is idle.
import type { SiteScript } from '../../shared/types.ts';
import { EARLY_CLICK_CONTROLS } from '../../shared/early-clicks.ts';
import { whenIdle } from '../idle.ts';
import { whenIntent } from '../features/intent.ts';
import { holdClicks, type HeldClicks } from '../features/held-clicks.ts';
import { replayEarlyClicks } from '../features/early-clicks.ts';

export function loadScripts(scripts: SiteScript[]): void {
  const later: SiteScript[] = [];
  for (const script of scripts) {
    const launcher = script.launcher ? document.querySelector<HTMLElement>(`.script-launcher[data-script="${CSS.escape(script.src)}"]`) : null;
    if (launcher) loadOnIntent(script, launcher);
    else later.push(script);
  }
  if (!later.length) return;
  whenIdle(() => {
    for (const script of later) addScript(script);
  });
}

function loadOnIntent(script: SiteScript, launcher: HTMLElement): void {
  let requested = false;
  let clicks: HeldClicks;
  const load = () => {
    if (requested) return;
    requested = true;
    addScript(script, {
      loaded: () => clicks.replay(),
      failed: (element) => {
        // Blocked or offline: say so, and try again on the reader's next click (not on every hover).
        console.error(`Could not load ${script.src}, the script behind the "${script.launcher?.label}" button.`);
        element.remove();
        clicks.drop();
        requested = false;
        clicks = holdClicks([launcher], load);
      },
    });
  };
  clicks = holdClicks([launcher], load);
  whenIntent([launcher], undefined, load);
  // A click before the main script ran was noted by the head: it happens now.
  const buttons = [...launcher.querySelectorAll<HTMLElement>(EARLY_CLICK_CONTROLS)];
  for (const button of buttons) button.dataset.ready = 'true';
  replayEarlyClicks(buttons);
}

/** Adds the script once (a page kept across client navigation already has it). */
function addScript({ src, async }: SiteScript, on?: { loaded: () => void; failed: (element: HTMLScriptElement) => void }): void {
  if (document.querySelector(`script[data-helpgen-script="${CSS.escape(src)}"]`)) return;
  const element = document.createElement('script');
  element.src = src;
  element.async = async;
  element.dataset.helpgenScript = src;
  if (on) {
    element.addEventListener('load', on.loaded, { once: true });
    element.addEventListener('error', () => on.failed(element), { once: true });
  }
  document.body.append(element);
}
