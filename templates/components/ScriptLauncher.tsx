// The floating button of a script that loads on demand (a chat widget: `scripts[].launcher` in
// the config). It is in the HTML so it shows at first paint, while the script itself waits for
// the reader to reach for it (client/extras/scripts.ts); the script then wires this button and
// adds what it opens. Its look: templates/styles/75-script-launcher.css.
import type { SiteScript } from '../../shared/types.ts';

export function ScriptLaunchers({ scripts }: { scripts: SiteScript[] }) {
  return (
    <>
      {scripts.map(({ src, launcher }) =>
        launcher ? (
          <div key={src} className="script-launcher" data-script={src} style={{ ['--launcher-bg' as string]: launcher.backgroundColor, ['--launcher-text' as string]: launcher.textColor }}>
            <button type="button" className="script-launcher__button">
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Z" />
              </svg>
              <span>{launcher.label}</span>
            </button>
          </div>
        ) : null,
      )}
    </>
  );
}
