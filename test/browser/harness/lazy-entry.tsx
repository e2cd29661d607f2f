// Test harness: a page with one lazily loaded island, hydrated by the real island code
// (client/islands/hydrate.tsx). Built by lazy-island.test.ts with esbuild code splitting.
import { hydrateIslands, lazyIsland } from '../../../client/islands/hydrate.tsx';

void hydrateIslands({
  Later: lazyIsland(() => import('./LaterIsland.tsx').then((m) => m.LaterIsland)),
});
