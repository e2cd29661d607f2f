// Algolia Insights (click analytics), only when the site turns `insights` on: the script comes
// from the CDN at that moment, never otherwise, and clicks on hits are reported with the
// query's queryID and the hit's position.
const SCRIPT = 'https://cdn.jsdelivr.net/npm/search-insights@2.17.3/dist/search-insights.min.js';

type InsightsFn = ((method: string, payload?: unknown) => void) & { queue?: unknown[][] };

declare global {
  interface Window {
    aa?: InsightsFn;
    AlgoliaAnalyticsObject?: string;
  }
}

let loaded = false;

export function loadInsights(appId: string, apiKey: string): void {
  if (loaded) return;
  loaded = true;
  // Calls made before the script arrives are queued, as the script expects.
  const queue: unknown[][] = [];
  const aa: InsightsFn = (...args: unknown[]) => void queue.push(args);
  aa.queue = queue;
  window.AlgoliaAnalyticsObject = 'aa';
  window.aa = aa;
  const script = document.createElement('script');
  script.async = true;
  script.src = SCRIPT;
  script.dataset.helpgenInsights = '';
  document.head.appendChild(script);
  window.aa('init', { appId, apiKey, useCookie: false });
}

export function reportClick(indexName: string, queryID: string | undefined, objectID: string, position: number): void {
  // A function, not just something: an element with id="aa" on the page is window.aa too.
  if (typeof window.aa !== 'function' || !queryID) return;
  window.aa('clickedObjectIDsAfterSearch', { eventName: 'Item Selected', index: indexName, queryID, objectIDs: [objectID], positions: [position] });
}
