// Code block buttons: Copy copies the code and says "Copied" for a second; Wrap toggles word
// wrap for long lines (aria-pressed tells its state), for this block only, as Docusaurus's does.
// A click on either before this code ran is replayed once it has (../features/early-clicks.ts).
import { replayEarlyClicks } from '../features/early-clicks.ts';

export function initCodeBlocks(scope: ParentNode = document): void {
  const wired: HTMLButtonElement[] = [];
  for (const button of scope.querySelectorAll<HTMLButtonElement>('.wrap-button:not([data-ready])')) {
    button.dataset.ready = 'true';
    wired.push(button);
    button.addEventListener('click', () => {
      const wrapped = button.closest('.code-block')?.classList.toggle('code-block--wrap') ?? false;
      button.setAttribute('aria-pressed', String(wrapped));
    });
  }
  for (const button of scope.querySelectorAll<HTMLButtonElement>('.copy-button:not([data-ready])')) {
    button.dataset.ready = 'true';
    wired.push(button);
    button.addEventListener('click', async () => {
      const code = button.closest('.code-block')?.querySelector('pre code')?.textContent ?? '';
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
  replayEarlyClicks(wired);
}
