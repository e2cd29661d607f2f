// Colour mode: "light" or "dark" saved under the storage key "theme"; no key means "follow the
// system" (or the configured default). The head script (templates/head/ThemeScript.tsx) applies
// the mode before the first paint; this module handles the toggle, other tabs and the system
// setting changing while the page is open. Client navigation never touches <html>, so the mode
// cannot flash there either.
import { readConfig } from '../config.ts';
import { storage } from '../storage.ts';

export const THEME_KEY = 'theme';
type Mode = 'light' | 'dark';

export function initTheme(): void {
  const { colorMode } = readConfig();
  const root = document.documentElement;
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  const fallback = (): Mode => (colorMode.respectPrefersColorScheme ? (systemDark.matches ? 'dark' : 'light') : colorMode.defaultMode);
  const apply = (choice: string | null) => {
    const valid: Mode | null = choice === 'light' || choice === 'dark' ? choice : null;
    root.dataset.theme = valid ?? fallback();
    root.dataset.themeChoice = valid ?? 'system';
  };
  if (colorMode.disableSwitch) {
    storage.remove(THEME_KEY);
    return;
  }
  // The toggle island asks for a mode with an event, so it needs no import of this module.
  window.addEventListener('helpgen:set-theme', (event) => {
    const mode = (event as CustomEvent<string>).detail;
    if (mode !== 'light' && mode !== 'dark') return;
    storage.set(THEME_KEY, mode);
    apply(mode);
  });
  // Another tab chose a mode, or cleared it (then: back to the system preference).
  storage.watch(THEME_KEY, apply);
  systemDark.addEventListener('change', () => {
    if (root.dataset.themeChoice === 'system') apply(null);
  });
}
