// Runs in <head>, before the main script: notes clicks on the controls the main script wires
// (shared/early-clicks.ts says which and why), once per control, for it to replay. Tiny and
// free of any dependency, since it is inline on every page.
import { EARLY_CLICK_CONTROLS, EARLY_CLICKS_GLOBAL } from '../../shared/early-clicks.ts';
import { scriptJson } from './script-json.ts';

export function earlyClicksScript(): string {
  return (
    `(function(){var k=window[${scriptJson(EARLY_CLICKS_GLOBAL)}]=[];` +
    `document.addEventListener('click',function(e){var t=e.target;` +
    `var c=t&&t.closest?t.closest(${scriptJson(EARLY_CLICK_CONTROLS)}):null;` +
    `if(c&&!c.hasAttribute('data-ready')&&k.indexOf(c)<0)k.push(c)},true)})();`
  );
}
