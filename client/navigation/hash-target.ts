// The element a #fragment points to. Ids and names written in a page's raw HTML carry the
// "user-content-" prefix the sanitizer gives them (so content cannot stand in for the site's own
// elements); a link written for the plain id ("other-page#old-anchor") still finds its target,
// as on GitHub. Keep the prefix in step with USER_CONTENT_PREFIX in cli/markdown/context.ts.
const USER_CONTENT_PREFIX = 'user-content-';

export function hashTarget(hash: string): Element | null {
  const id = decodeFragment(hash.replace(/^#/, ''));
  if (!id) return null;
  return byIdOrName(id) ?? byIdOrName(USER_CONTENT_PREFIX + id);
}

/** Scrolls to a prefixed target on load and on each #change, where the browser found none. */
export function initHashTargets(): void {
  const jump = () => {
    const id = decodeFragment(location.hash.slice(1));
    if (!id || byIdOrName(id)) return; // the browser's own fragment navigation did it
    hashTarget(id)?.scrollIntoView();
  };
  jump();
  window.addEventListener('hashchange', jump);
}

/** What a browser scrolls to for #id: the element with that id, else the first <a name>. */
function byIdOrName(id: string): Element | null {
  return document.getElementById(id) ?? document.querySelector(`a[name="${CSS.escape(id)}"]`);
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
