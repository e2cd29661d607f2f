// Makes the images of a page's body buttons that enlarge them (chunks/zoom.ts draws the large
// view). This part runs with the main script, so each image is announced and reachable with
// the keyboard from the start; the code that enlarges loads on the first click, Enter or Space
// on one ('click' in shared/feature-chunks.ts), not for a page merely read. Images inside links
// stay links, and diagrams are not pictures to enlarge.
export function markZoomable(scope: ParentNode): void {
  for (const image of scope.querySelectorAll<HTMLImageElement>('.markdown-body img:not([data-zoom])')) {
    if (image.closest('a, button, .diagram')) continue;
    image.dataset.zoom = 'ready';
    image.tabIndex = 0;
    image.setAttribute('role', 'button');
    image.setAttribute('aria-haspopup', 'dialog');
    image.setAttribute('aria-label', `Enlarge image${image.alt ? `: ${image.alt}` : ''}`);
    image.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      image.click();
    });
  }
}
