// Sidebar categories open and close with their caret button; the height animates over a
// duration computed from the content height (1 ms when the reader prefers reduced motion).
export function collapseDuration(height: number): number {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return 1;
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

export function initSidebar(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('.menu__caret')) {
    button.addEventListener('click', () => toggle(button));
  }
}

function toggle(button: HTMLButtonElement): void {
  const item = button.closest('.menu__list-item');
  const panel = item?.querySelector<HTMLElement>(':scope > .menu__collapsible');
  if (!item || !panel) return;
  const expand = button.getAttribute('aria-expanded') !== 'true';
  const label = button.getAttribute('aria-label')?.replace(/^(Collapse|Expand)/, expand ? 'Collapse' : 'Expand');
  button.setAttribute('aria-expanded', String(expand));
  if (label) button.setAttribute('aria-label', label);
  item.classList.toggle('menu__list-item--collapsed', !expand);
  panel.hidden = false;
  const full = panel.scrollHeight;
  const duration = collapseDuration(full);
  panel.style.overflow = 'hidden';
  panel.style.transition = `height ${duration}ms ease-in-out`;
  panel.style.height = expand ? '0px' : `${full}px`;
  requestAnimationFrame(() => {
    panel.style.height = expand ? `${full}px` : '0px';
  });
  const done = () => {
    panel.style.transition = '';
    panel.style.height = '';
    panel.style.overflow = '';
    if (!expand) panel.hidden = true;
  };
  window.setTimeout(done, duration + 20);
}
