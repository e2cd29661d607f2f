// The navbar search button's platform hint, filled in on the server-rendered button (plain DOM,
// no React): "⌘ K" on Apple platforms, "Ctrl K" elsewhere, as DocSearch's button does after
// mount. The keys are drawn by CSS from data-key; the accessible name gets the shortcut in
// parentheses ("Search (Ctrl+K)"). What the button does is wired in ./index.ts.
export const SEARCH_BUTTON = '.DocSearch-Button';

export function labelSearchButtons(scope: ParentNode = document): void {
  const apple = /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform);
  for (const button of scope.querySelectorAll<HTMLElement>(SEARCH_BUTTON)) {
    const label = button.querySelector('.DocSearch-Button-Placeholder')?.textContent ?? 'Search';
    button.setAttribute('aria-label', `${label} (${apple ? 'Command' : 'Ctrl'}+K)`);
    const [modifier, key] = button.querySelectorAll<HTMLElement>('.DocSearch-Button-Key');
    if (modifier) modifier.dataset.key = apple ? '⌘' : 'Ctrl';
    if (key) key.dataset.key = 'K';
  }
}
