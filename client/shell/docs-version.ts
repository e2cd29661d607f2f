// The docs version the reader picked in the version dropdown or by following a docs version link
// (both are a[data-version]), kept under docs-preferred-version-default. A stored version that
// no longer exists is forgotten.
import { storage } from '../storage.ts';

export const VERSION_KEY = 'docs-preferred-version-default';

export function initDocsVersion(known: string[]): void {
  const stored = storage.get(VERSION_KEY);
  if (stored !== null && !known.includes(stored)) storage.remove(VERSION_KEY);
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLElement>('a[data-version]');
    if (link?.dataset.version) storage.set(VERSION_KEY, link.dataset.version);
  });
}

/** Version names from the version dropdown and links (or the site's one version when there are none). */
export function knownVersions(fallback: string): string[] {
  const names = [...document.querySelectorAll<HTMLElement>('a[data-version]')].map((a) => a.dataset.version ?? '');
  return names.length ? [...new Set(names)] : [fallback];
}
