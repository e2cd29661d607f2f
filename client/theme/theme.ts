// Colour mode: "light" or "dark" saved under the storage key "theme"; removing the key means
// "follow the system". Changes in other tabs arrive as storage events.
import { readConfig } from '../config.ts';
import { storage } from '../storage.ts';

export function initTheme(): void {
  const { colorMode } = readConfig();
  const root = document.documentElement;
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  const fallback = () => (colorMode.respectPrefersColorScheme ? (systemDark.matches ? 'dark' : 'light') : colorMode.defaultMode);
  const apply = (choice: string | null) => {
    const valid = choice === 'light' || choice === 'dark' ? choice : null;
    root.dataset.theme = valid ?? fallback();
    root.dataset.themeChoice = valid ?? 'system';
  };
  if (colorMode.disableSwitch) {
    storage.remove('theme');
    return;
  }
  window.addEventListener('helpgen:set-theme', (event) => {
    const mode = (event as CustomEvent<string>).detail;
    storage.set('theme', mode);
    apply(mode);
  });
  window.addEventListener('storage', (event) => {
    if (event.key === 'theme' || event.key === null) apply(storage.get('theme'));
  });
  systemDark.addEventListener('change', () => {
    if (root.dataset.themeChoice === 'system') apply(null);
  });
}
