// When the islands' code (React and ./registry.tsx) arrives. A page's first view needs none of
// it: the shell, the colour toggle and the search button are plain DOM. It loads at once on a
// page that has an island (the search page's results are part of what that page shows), and
// never on a page without one: React comes with the search modal's chunk, on the reader's
// first sign of intent (../search/index.ts), so a page read without searching runs no React.
import { showLoadError } from '../errors/load-error.ts';
import { preloadChunks } from '../lazy-chunks.ts';

type IslandCode = typeof import('./registry.tsx');

let loading: Promise<IslandCode> | undefined;
/** Set once the code is in: only then can an island be mounted, or have crashed. */
let loaded: IslandCode | undefined;

function loadIslandCode(): Promise<IslandCode> {
  if (!loading) {
    preloadChunks('client/islands/registry.tsx'); // its chunks all at once, React included
    loading = import('./registry.tsx').then(
      (code) => (loaded = code),
      (error: unknown) => {
        loading = undefined; // the next page with an island, or Retry, tries again
        throw error;
      },
    );
  }
  return loading;
}

/** Hydrates the islands inside `scope`, fetching their code first if need be. */
export function startIslands(scope: ParentNode = document): void {
  const islands = [...scope.querySelectorAll('[data-island]')];
  if (!islands.length) return;
  loadIslandCode().then(
    (code) => {
      // Client navigation may have taken the islands away while their code was loading.
      if ((scope as Node).isConnected) void code.hydrateSiteIslands(scope);
    },
    (error: unknown) => {
      // One box, beside the first island: its server markup stays for a later hydration.
      const first = islands.find((el) => el.isConnected);
      if (first) showLoadError(first, error, () => startIslands(scope));
    },
  );
}

/** Before client navigation replaces the page: the crash screen goes (there is none without the code). */
export function islandsBeforeSwap(): void {
  loaded?.clearCrashScreen();
}

/** After it: islands that left are unmounted, failed ones render again, new ones hydrate. */
export function islandsAfterSwap(removed: Element[], added: Element[]): void {
  if (loaded) {
    for (const el of removed) loaded.unmountIslands(el);
    loaded.retryFailedIslands();
  }
  for (const el of added) startIslands(el);
}
