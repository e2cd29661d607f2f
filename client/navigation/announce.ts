// Tells screen readers that the page changed after a client navigation (a full load does this
// by itself): a live region that receives the new page title.
let region: HTMLElement | undefined;

export function announcePage(title: string): void {
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.className = 'visually-hidden route-announcer';
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('aria-atomic', 'true');
    document.body.append(region);
  }
  const el = region;
  el.textContent = '';
  // A fresh text node after a tick is announced even when the title is the same as before.
  window.setTimeout(() => {
    el.textContent = `Navigated to ${title}`;
  }, 50);
}
