// The navbar's colour-mode toggle (light → dark → system), rendered for the configured default
// mode. In the browser it is plain DOM behaviour (client/theme/theme.ts): a click moves to the
// next choice, and the labels and icon follow the choice the head script applied
// (<html data-theme-choice>), without React.
import { colorModeLabels, type ColorMode } from '../../shared/color-mode-labels.ts';

export function ColorModeToggle({ defaultMode }: { defaultMode: ColorMode }) {
  const { title, ariaLabel } = colorModeLabels(defaultMode);
  return (
    <button type="button" className="color-mode-toggle" title={title} aria-label={ariaLabel} aria-live="polite">
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M12 18a6 6 0 1 1 0-12 6 6 0 0 1 0 12Zm0-2a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM11 1h2v3h-2V1Zm0 19h2v3h-2v-3ZM3.5 4.9l1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm13.1 13.1 1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1ZM19.1 3.5l1.4 1.4-2.1 2.1-1.4-1.4 2.1-2.1ZM6 16.6l1.4 1.4-2.1 2.1-1.4-1.4L6 16.6ZM23 11v2h-3v-2h3ZM4 11v2H1v-2h3Z" />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M10 7a7 7 0 0 0 12 4.9v.1c0 5.5-4.5 10-10 10S2 17.5 2 12 6.5 2 12 2h.1A6.98 6.98 0 0 0 10 7Zm-6 5a8 8 0 0 0 15.06 3.77A9 9 0 0 1 8.23 4.94 8 8 0 0 0 4 12Z" />
      </svg>
      <svg className="icon-system" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M3 4h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-7v2h3v2H7v-2h3v-2H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v9h16V6H4Zm8 1.5a3 3 0 0 1 0 6v-6Z" />
      </svg>
    </button>
  );
}
