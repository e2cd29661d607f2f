// Puts the load-error box ("This part of the page could not be loaded." + Retry) next to, or
// inside, an element. Plain DOM, so it shows even when the part that failed is React itself.
// Retry removes the box and calls `retry`, which loads the part again (and calls this again if
// it fails again). For any lazily loaded part: the island code (../islands/), a feature's own
// chunk such as the search modal (../search/index.ts, which floats the box under the navbar
// with `hostClass`). Returns a function that removes the box without retrying (when the part
// loaded some other way). The markup is that of templates/components/LoadErrorBox.tsx, which
// React parts render in place.
import { errorText } from '../../shared/error-text.ts';

export function showLoadError(anchor: Element, error: unknown, retry: () => void, where: 'after' | 'inside' = 'after', hostClass?: string): () => void {
  const host = document.createElement('div');
  host.className = hostClass ? `load-error-host ${hostClass}` : 'load-error-host';
  const box = element('div', 'load-error');
  box.setAttribute('role', 'alert');
  const button = element('button', 'button button--primary', 'Retry');
  button.type = 'button';
  box.append(element('p', 'load-error__title', 'This part of the page could not be loaded.'), element('p', 'load-error__details', errorText(error)), button);
  host.append(box);
  if (where === 'after') anchor.after(host);
  else anchor.append(host);
  let shown = true;
  const dismiss = () => {
    if (!shown) return;
    shown = false;
    host.remove();
  };
  button.addEventListener('click', () => {
    dismiss();
    retry();
  });
  return dismiss;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}
