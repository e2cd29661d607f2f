// "Skip to main content": the first focusable element of every page. Clicking it moves focus
// to the main content (the <main> of the page, made focusable with tabindex=-1) without changing
// the URL; without JavaScript the #fragment link does the same.
export function initSkipLink(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('.skip-to-content__link');
    if (!link) return;
    event.preventDefault();
    focusMainContent();
  });
}

export function focusMainContent(options: FocusOptions = {}): void {
  const main = document.querySelector<HTMLElement>('#__page main:not([hidden])') ?? document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus(options);
}
