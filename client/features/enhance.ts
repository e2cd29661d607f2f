// Page features whose code loads only on pages that use them: a page without tabs fetches no
// tab code. Each is a plain DOM module working on the server-rendered markup, found by a CSS
// selector, and is started on the first page and again on every page client navigation brings.
// If a feature's code cannot be loaded, its `fallback` leaves the content readable.
interface Feature {
  selector: string;
  load: () => Promise<{ init(scope: ParentNode): void }>;
  fallback?: (scope: ParentNode) => void;
}

const FEATURES: Feature[] = [
  {
    selector: '.tabs',
    load: () => import('./tabs.ts'),
    // Every panel shown with its label, as without JavaScript.
    fallback: (scope) => scope.querySelectorAll('.tabs').forEach((block) => block.classList.add('tabs--static')),
  },
  // The diagram's source text stays on screen if mermaid cannot load.
  { selector: 'figure.diagram', load: () => import('./diagrams.ts') },
];

export function enhancePage(scope: ParentNode = document): void {
  for (const feature of FEATURES) {
    if (!scope.querySelector(feature.selector)) continue;
    feature.load().then(
      (module) => module.init(scope),
      (error: unknown) => {
        console.error(`Could not load the code for ${feature.selector} on this page.`, error);
        feature.fallback?.(scope);
      },
    );
  }
}
