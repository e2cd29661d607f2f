// Puts the load-error box ("This part of the page could not be loaded." + Retry) next to, or
// inside, an element, in its own React root. Retry removes the box and calls `retry`, which
// loads the part again (and calls this again if it fails again). For any lazily loaded part:
// islands (../islands/hydrate.tsx) or a feature's own chunk, such as the search modal.
import { createRoot } from 'react-dom/client';
import { LoadErrorBox } from './LoadErrorBox.tsx';

export function showLoadError(anchor: Element, error: unknown, retry: () => void, where: 'after' | 'inside' = 'after'): void {
  const host = document.createElement('div');
  host.className = 'load-error-host';
  if (where === 'after') anchor.after(host);
  else anchor.append(host);
  const root = createRoot(host);
  root.render(
    <LoadErrorBox
      error={error}
      onRetry={() => {
        root.unmount();
        host.remove();
        retry();
      }}
    />,
  );
}
