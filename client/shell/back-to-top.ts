// "Back to top" links (href="#top", templates/DocPage.tsx): scroll to the top without putting
// "#top" in the address, and move focus to the start of the content, where a keyboard user
// expects to be. <html data-scrolled> (past 300 px, as Docusaurus) lets CSS show the link under
// the table of contents only when it is useful.
export function initBackToTop(focusContent: () => void): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href="#top"]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    focusContent();
  });
  let pending = false;
  const update = () => {
    pending = false;
    document.documentElement.toggleAttribute('data-scrolled', window.scrollY > 300);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}
