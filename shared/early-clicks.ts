// Controls the main script wires (a code block's Copy and Wrap, "Copy page"; a tab and the chat
// launcher, whose code the main script then asks for on intent):
// a click on one before that script has run is noted by a few bytes of inline script in the
// page's head (templates/head/early-clicks.ts) and replayed once the control is wired
// (client/features/early-clicks.ts), so a reader's first click on a slow network is not lost.
// A control is wired once it carries `data-ready`; the note skips wired controls.

/** The controls the inline script watches. */
export const EARLY_CLICK_CONTROLS = '.copy-button, .wrap-button, .copy-page, .tabs__tab, .script-launcher__button';

/** The window property holding the noted controls, in click order. */
export const EARLY_CLICKS_GLOBAL = '__helpgenEarlyClicks';
