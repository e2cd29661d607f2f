// Optional "hide on scroll": the navbar slides away while the reader scrolls down and comes
// back when they scroll up. It is always shown near the top of the page (scrollY < its height),
// not brought back by the bounce at the very bottom, and shown when anything in it gets focus.
// After a jump to a #hash the navbar hides and the jump's own scroll event is ignored.
import { hashTarget } from '../navigation/hash-target.ts';

let navbar: HTMLElement | null = null;
let lastY = 0;
let ignoreNextScroll = false;

export function initHideOnScroll(enabled: boolean): void {
  navbar = document.querySelector<HTMLElement>('.navbar');
  if (!enabled || !navbar) {
    navbar = null;
    return;
  }
  lastY = window.scrollY;
  window.addEventListener('scroll', onScroll, { passive: true });
  navbar.addEventListener('focusin', () => setHidden(false));
  // A jump to a section of this page (TOC, heading anchor) reads best without the navbar.
  window.addEventListener('hashchange', () => {
    navbarAfterNavigation(hashTarget(location.hash) !== null);
  });
}

function onScroll(): void {
  if (!navbar) return;
  const y = window.scrollY;
  const height = navbar.offsetHeight;
  // The jump's own scroll event may arrive before or after we learn of the jump: ignore it only
  // if it reports the position the jump landed on.
  const jumpEcho = ignoreNextScroll && y === lastY;
  ignoreNextScroll = false;
  if (jumpEcho) {
    return;
  } else if (y < height) {
    setHidden(false);
  } else if (y > lastY) {
    setHidden(true);
  } else if (y < lastY) {
    const bottom = document.documentElement.scrollHeight - height;
    if (y + window.innerHeight < bottom) setHidden(false);
  }
  lastY = y;
}

function setHidden(hidden: boolean): void {
  navbar?.classList.toggle('navbar--hidden', hidden);
}

/** Called after a client navigation: hide for a jump to an anchor, show otherwise. */
export function navbarAfterNavigation(jumpedToHash: boolean): void {
  if (!navbar) return;
  setHidden(jumpedToHash && window.scrollY >= navbar.offsetHeight);
  ignoreNextScroll = jumpedToHash;
  lastY = window.scrollY;
}

export function hidesOnScroll(): boolean {
  return navbar !== null;
}
