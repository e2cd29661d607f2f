// Hydrates the server-rendered islands ([data-island] elements) with the component of the same
// name from the registry in ./registry.tsx, and unmounts them when client navigation removes
// them. Each island renders inside an error boundary (a crash shows the crash screen), reads its
// props while rendering (bad props are a rendering error too), and may be lazy: its code is then
// fetched when the island is on the page, and a failed fetch shows an error box with "Retry".
import { startTransition, useMemo, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from '../errors/ErrorBoundary.tsx';
import { showLoadError } from '../errors/load-error.ts';

// Islands take any props: they are checked by their own types where they are rendered.
// biome-ignore lint/suspicious/noExplicitAny: any island component, whatever its props
type AnyComponent = ComponentType<any>;

export interface LazyIsland {
  lazy: () => Promise<AnyComponent>;
}

export type IslandEntry = AnyComponent | LazyIsland;
export type IslandRegistry = Record<string, IslandEntry>;

/** Marks an island whose code loads only on pages that have it: lazyIsland(() => import('./x.tsx').then((m) => m.X)). */
export function lazyIsland(load: () => Promise<AnyComponent>): LazyIsland {
  return { lazy: load };
}

const mounted = new Map<HTMLElement, Root>();

export function hydrateIslands(registry: IslandRegistry, scope: ParentNode = document): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const el of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island ?? '';
    const entry = registry[name];
    if (!entry || el.dataset.hydrated) continue;
    el.dataset.hydrated = 'true';
    if (typeof entry === 'object' && 'lazy' in entry) pending.push(hydrateLazy(el, entry));
    else hydrate(el, entry);
  }
  return Promise.all(pending).then(() => undefined);
}

/** Unmounts the islands inside `scope` (before client navigation removes it). */
export function unmountIslands(scope: ParentNode): void {
  for (const [el, root] of mounted) {
    if (scope.contains(el)) {
      root.unmount();
      mounted.delete(el);
    }
  }
}

function hydrate(el: HTMLElement, component: AnyComponent): void {
  // At transition priority React hydrates in slices that give the browser turns (at the
  // default priority it is one task); the server markup is on screen meanwhile.
  startTransition(() => {
    const root = hydrateRoot(
      el,
      <ErrorBoundary>
        <Island el={el} component={component} />
      </ErrorBoundary>,
    );
    mounted.set(el, root);
  });
}

async function hydrateLazy(el: HTMLElement, entry: LazyIsland): Promise<void> {
  let component: AnyComponent;
  try {
    component = await entry.lazy();
  } catch (error) {
    // The box goes beside the island: its server markup stays intact for a later hydration.
    showLoadError(el, error, () => void hydrateLazy(el, entry));
    return;
  }
  if (el.isConnected) hydrate(el, component);
}

/** Reads the props from the element on every render, so a retry after a fix picks them up. */
function Island({ el, component: Component }: { el: HTMLElement; component: AnyComponent }) {
  const name = el.dataset.island ?? '';
  const json = el.dataset.props ?? '{}';
  const props = useMemo(() => {
    try {
      return JSON.parse(json) as Record<string, unknown>;
    } catch (cause) {
      throw new Error(`The "${name}" part of this page has unreadable settings.`, { cause });
    }
  }, [name, json]);
  return <Component {...props} />;
}
