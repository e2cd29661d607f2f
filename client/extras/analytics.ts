// Page-view analytics, when the config sets analytics.endpoint: one POST per page view (the
// first load and every client navigation) with the path, title and referrer. keepalive lets the
// request finish if the reader leaves at once; failures are ignored (analytics never breaks
// reading, and blockers are common).
let previous = document.referrer;

export function trackPageView(endpoint: string | undefined): void {
  if (!endpoint) return;
  sendEvent(endpoint, { path: location.pathname + location.search, title: document.title, referrer: previous });
  previous = location.href;
}

/** POSTs one event as JSON, never waiting and never failing (page views, feedback answers). */
export function sendEvent(endpoint: string, data: Record<string, unknown>): void {
  try {
    void fetch(endpoint, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) }).catch(() => undefined);
  } catch {
    // fetch itself can throw for a malformed endpoint: ignore like a network error.
  }
}
