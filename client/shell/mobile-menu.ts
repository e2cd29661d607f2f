// The mobile menu (under 996 px): the navbar button opens a modal <dialog> with the navbar
// items and the docs sidebar, which is moved in on open and back on close (one sidebar, one
// state). While open, focus stays inside (Tab wraps); Escape, the close button, the backdrop,
// choosing a link or the window growing to desktop width close it.
import { desktopQuery } from './breakpoint.ts';

let dialog: HTMLDialogElement | null = null;
let toggleButton: HTMLButtonElement | null = null;

export function initMobileMenu(): void {
  dialog = document.querySelector<HTMLDialogElement>('dialog#mobile-menu');
  toggleButton = document.querySelector<HTMLButtonElement>('.navbar__toggle');
  if (!dialog || !toggleButton) return;
  const menu = dialog;
  toggleButton.addEventListener('click', openMobileMenu);
  menu.querySelector('.mobile-menu__close')?.addEventListener('click', closeMobileMenu);
  menu.addEventListener('close', restore);
  // A click on the dialog element itself is a click on its backdrop (the panel fills the rest).
  menu.addEventListener('click', (event) => {
    if (event.target === menu) return closeMobileMenu();
    const link = (event.target as Element).closest('a[href]');
    // A link opening in this tab leaves the menu; the caret buttons keep it open.
    if (link && link.getAttribute('target') !== '_blank') closeMobileMenu();
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') keepFocusInside(event, menu);
  });
  desktopQuery().addEventListener('change', (event) => {
    if (event.matches) closeMobileMenu();
  });
}

export function openMobileMenu(): void {
  if (!dialog || dialog.open || desktopQuery().matches) return;
  const sidebarMenu = document.querySelector('.doc-sidebar .menu');
  const slot = dialog.querySelector('.mobile-menu__sidebar');
  if (sidebarMenu && slot) slot.append(sidebarMenu);
  dialog.showModal();
  document.documentElement.classList.add('mobile-menu-open');
  toggleButton?.setAttribute('aria-expanded', 'true');
  // Start at the current page when there is one, else at the close button.
  const active = dialog.querySelector<HTMLElement>('.mobile-menu__sidebar a.menu__link--active[aria-current="page"]');
  (active ?? dialog.querySelector<HTMLElement>('.mobile-menu__close'))?.focus();
  if (active) active.scrollIntoView({ block: 'center' });
}

export function closeMobileMenu(): void {
  if (dialog?.open) dialog.close();
}

export function isMobileMenuOpen(): boolean {
  return dialog?.open ?? false;
}

/** Runs on every close (including Escape): give the sidebar back and focus back to the button. */
function restore(): void {
  const sidebarMenu = dialog?.querySelector('.mobile-menu__sidebar .menu');
  const home = document.querySelector('.doc-sidebar');
  if (sidebarMenu && home) home.append(sidebarMenu);
  document.documentElement.classList.remove('mobile-menu-open');
  toggleButton?.setAttribute('aria-expanded', 'false');
  // (After a link, client navigation then moves focus on to the new content.)
  if (!desktopQuery().matches) toggleButton?.focus();
}

function keepFocusInside(event: KeyboardEvent, container: HTMLElement): void {
  const focusable = [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  if (!focusable.length) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
