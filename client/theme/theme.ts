// Colour mode: "light" or "dark" saved under the storage key "theme"; no key means "follow the
// system" (or the configured default). The toggle cycles light → dark → system, as Docusaurus's
// does; choosing "system" clears the key. The head script (templates/head/ThemeScript.tsx) applies
// the mode before the first paint; this module handles the navbar toggle (plain DOM on the
// server-rendered button, so it works before any other code arrives), other tabs and the system
// setting changing while the page is open. Client navigation never touches <html>, so the mode
// cannot flash there either.
import { colorModeLabels, nextColorModeChoice, type ColorMode, type ColorModeChoice } from '../../shared/color-mode-labels.ts';
import { readConfig } from '../config.ts';
import { storage } from '../storage.ts';

export const THEME_KEY = 'theme';
const TOGGLE = '.color-mode-toggle';

export function initTheme(): void {
  const { colorMode } = readConfig();
  const root = document.documentElement;
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  const fallback = (): ColorMode => (colorMode.respectPrefersColorScheme ? (systemDark.matches ? 'dark' : 'light') : colorMode.defaultMode);
  // Without respectPrefersColorScheme, no saved choice means the default mode, not the system's:
  // the toggle then switches between light and dark only.
  const followsSystem = colorMode.respectPrefersColorScheme;
  const current = (): ColorModeChoice => {
    const choice = root.dataset.themeChoice;
    if (choice === 'light' || choice === 'dark') return choice;
    return followsSystem ? 'system' : root.dataset.theme === 'dark' ? 'dark' : 'light';
  };
  const apply = (choice: string | null) => {
    const valid: ColorMode | null = choice === 'light' || choice === 'dark' ? choice : null;
    root.dataset.theme = valid ?? fallback();
    root.dataset.themeChoice = valid ?? 'system';
    labelToggles(current());
  };
  if (colorMode.disableSwitch) {
    storage.remove(THEME_KEY);
    return;
  }
  // The server labelled the toggle for the default mode; the head script may have applied another.
  labelToggles(current());
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(TOGGLE)) return;
    let next = nextColorModeChoice(current());
    if (next === 'system' && !followsSystem) next = nextColorModeChoice(next);
    if (next === 'system') storage.remove(THEME_KEY);
    else storage.set(THEME_KEY, next);
    apply(next === 'system' ? null : next);
  });
  // Another tab chose a mode, or cleared it (then: back to the system preference).
  storage.watch(THEME_KEY, apply);
  systemDark.addEventListener('change', () => {
    if (root.dataset.themeChoice === 'system') apply(null);
  });
}

function labelToggles(choice: ColorModeChoice): void {
  const { title, ariaLabel } = colorModeLabels(choice);
  for (const toggle of document.querySelectorAll<HTMLElement>(TOGGLE)) {
    // Set only when different: aria-live announces every change of the label.
    if (toggle.getAttribute('aria-label') !== ariaLabel) toggle.setAttribute('aria-label', ariaLabel);
    toggle.title = title;
  }
}
