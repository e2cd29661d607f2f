// The navbar's light/dark switch. Server-rendered for the default mode; the client reads the
// actual mode from <html data-theme> (set by the head script) after hydration.
import { useEffect, useState } from 'react';

export interface ColorModeToggleProps {
  defaultMode: 'light' | 'dark';
}

export function ColorModeToggle({ defaultMode }: ColorModeToggleProps) {
  const [mode, setMode] = useState<'light' | 'dark'>(defaultMode);
  useEffect(() => {
    const read = () => setMode(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="color-mode-toggle"
      title={`Switch to ${next} mode`}
      aria-label={`Switch between dark and light mode (currently ${mode} mode)`}
      aria-live="polite"
      onClick={() => window.dispatchEvent(new CustomEvent('helpgen:set-theme', { detail: next }))}
    >
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M12 18a6 6 0 1 1 0-12 6 6 0 0 1 0 12Zm0-2a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM11 1h2v3h-2V1Zm0 19h2v3h-2v-3ZM3.5 4.9l1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm13.1 13.1 1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1ZM19.1 3.5l1.4 1.4-2.1 2.1-1.4-1.4 2.1-2.1ZM6 16.6l1.4 1.4-2.1 2.1-1.4-1.4L6 16.6ZM23 11v2h-3v-2h3ZM4 11v2H1v-2h3Z" />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M10 7a7 7 0 0 0 12 4.9v.1c0 5.5-4.5 10-10 10S2 17.5 2 12 6.5 2 12 2h.1A6.98 6.98 0 0 0 10 7Zm-6 5a8 8 0 0 0 15.06 3.77A9 9 0 0 1 8.23 4.94 8 8 0 0 0 4 12Z" />
      </svg>
    </button>
  );
}
