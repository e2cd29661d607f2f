// Table of contents highlight: on scroll and resize, the first heading whose top is at or below
// the navbar is the candidate; it is active if it sits in the top half of the viewport, else the
// heading before it is; past the last heading, the last one stays active. The same link is
// marked in the desktop column and in the "On this page" disclosure.
const ACTIVE = 'table-of-contents__link--active';
let teardown: (() => void) | undefined;

export function initToc(offset: () => number): void {
  teardown?.();
  teardown = undefined;
  const links = [...document.querySelectorAll<HTMLAnchorElement>('#__page .table-of-contents__link')];
  if (!links.length) return;
  const ids = [...new Set(links.map((a) => decodeURIComponent(a.hash.slice(1))))];
  const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null);
  let frame = 0;
  let current: string | undefined;
  const update = () => {
    frame = 0;
    const id = activeHeading(headings, offset())?.id;
    if (id === current) return;
    current = id;
    for (const a of links) a.classList.toggle(ACTIVE, decodeURIComponent(a.hash.slice(1)) === id);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(update);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  update();
  // Choosing an entry in the narrow-screen disclosure closes it, so the section is visible.
  const details = document.querySelector<HTMLDetailsElement>('#__page details.toc-mobile');
  const close = (event: Event) => {
    if ((event.target as Element).closest('a') && details) details.open = false;
  };
  details?.addEventListener('click', close);
  teardown = () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(frame);
  };
}

export function activeHeading(headings: HTMLElement[], offset: number): HTMLElement | undefined {
  const next = headings.find((h) => h.getBoundingClientRect().top >= offset);
  if (!next) return headings[headings.length - 1];
  const top = next.getBoundingClientRect().top;
  if (top > 0 && top < window.innerHeight / 2) return next;
  return headings[headings.indexOf(next) - 1];
}
