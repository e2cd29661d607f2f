// Puts the load-error box ("This part of the page could not be loaded." + Retry) next to, or
// inside, an element, in its own React root. Retry removes the box and calls `retry`, which
// loads the part again (and calls this again if it fails again). For any lazily loaded part:
// islands (../islands/hydrate.tsx) or a feature's own chunk, such as the search modal
// (../search/index.ts, which floats the box under the navbar with `hostClass`). Returns a
// function that removes the box without retrying (when the part loaded some other way).
import { createRoot } from 'react-dom/client';
import { LoadErrorBox } from '../../templates/components/LoadErrorBox.tsx';

export function showLoadError(anchor: Element, error: unknown, retry: () => void, where: 'after' | 'inside' = 'after', hostClass?: string): () => void {
  const host = document.createElement('div');
  host.className = hostClass ? `load-error-host ${hostClass}` : 'load-error-host';
  if (where === 'after') anchor.after(host);
  else anchor.append(host);
  const root = createRoot(host);
  let shown = true;
  const dismiss = () => {
    if (!shown) return;
    shown = false;
    root.unmount();
    host.remove();
  };
  root.render(
    <LoadErrorBox
      error={error}
      onRetry={() => {
        dismiss();
        retry();
      }}
    />,
  );
  return dismiss;
}
