// Navbar dropdowns. Open: hover (pointer devices), click, Enter/Space or ArrowDown on the toggle.
// Close: pointer leaves (if it opened by hover), a click outside, focus leaving the dropdown, or
// Escape (focus returns to the toggle). aria-expanded always tells the current state.
export function initDropdowns(scope: ParentNode = document): void {
  for (const dropdown of scope.querySelectorAll<HTMLElement>('.navbar .dropdown')) setUp(dropdown);
}

function setUp(dropdown: HTMLElement): void {
  const toggle = dropdown.querySelector<HTMLButtonElement>('.dropdown__toggle');
  if (!toggle) return;
  let openedBy: 'hover' | 'click' | undefined;
  const canHover = matchMedia('(hover: hover)');
  const links = () => [...dropdown.querySelectorAll<HTMLAnchorElement>('.dropdown__link')];

  const set = (open: boolean, by?: 'hover' | 'click') => {
    openedBy = open ? by : undefined;
    dropdown.classList.toggle('dropdown--show', open);
    toggle.setAttribute('aria-expanded', String(open));
    if (open) dropdown.dispatchEvent(new CustomEvent('helpgen:dropdown-open', { bubbles: true }));
  };

  dropdown.addEventListener('mouseenter', () => {
    if (canHover.matches && !openedBy) set(true, 'hover');
  });
  dropdown.addEventListener('mouseleave', () => {
    if (openedBy === 'hover') set(false);
  });
  toggle.addEventListener('click', (event) => {
    // A click on a dropdown the pointer just opened by hovering keeps it open ("pins" it).
    // detail === 0 means the keyboard (Enter/Space): always toggle.
    if (openedBy === 'hover' && event.detail !== 0) set(true, 'click');
    else set(!openedBy, 'click');
  });
  toggle.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      set(true, 'click');
      links()[0]?.focus();
    }
  });
  dropdown.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && openedBy) {
      set(false);
      toggle.focus();
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && event.target !== toggle) {
      event.preventDefault();
      const all = links();
      const at = all.indexOf(event.target as HTMLAnchorElement);
      all[(at + (event.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
    }
  });
  dropdown.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (openedBy && (!next || !dropdown.contains(next))) set(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (openedBy && !dropdown.contains(event.target as Node)) set(false);
  });
  // Choosing an item closes the menu (client navigation keeps the navbar on screen).
  dropdown.addEventListener('click', (event) => {
    if ((event.target as Element).closest('.dropdown__link')) set(false);
  });
}
