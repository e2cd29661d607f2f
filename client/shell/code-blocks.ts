// Copy buttons on code blocks: copies the code and says "Copied" for a second.
export function initCodeBlocks(scope: ParentNode = document): void {
  for (const button of scope.querySelectorAll<HTMLButtonElement>('.copy-button:not([data-ready])')) {
    button.dataset.ready = 'true';
    button.addEventListener('click', async () => {
      const code = button.parentElement?.querySelector('pre code')?.textContent ?? '';
      try {
        await navigator.clipboard.writeText(code);
        button.textContent = 'Copied';
        button.setAttribute('aria-label', 'Copied');
      } catch {
        button.textContent = 'Press Ctrl+C';
      }
      window.setTimeout(() => {
        button.textContent = 'Copy';
        button.setAttribute('aria-label', 'Copy code to clipboard');
      }, 1000);
    });
  }
}
