// "Copy page" (templates/DocPage.tsx): puts the page's markdown twin on the clipboard. The text
// is fetched after the click; ClipboardItem takes it as a promise, so browsers that want the
// write inside the click (Safari) accept it too.
/** Loaded on the first click (shared/feature-chunks.ts): copies the page for that click. */
export function onClick(button: HTMLElement): void {
  void copyPage(button as HTMLButtonElement);
}

export async function copyPage(button: HTMLButtonElement): Promise<void> {
  const label = button.querySelector('.copy-page__label');
  const say = (text: string) => {
    if (label) label.textContent = text;
  };
  const text = fetch(button.dataset.src ?? '').then((response) => {
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return response.text();
  });
  try {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    say('Copied');
  } catch (error) {
    console.warn('The page could not be copied; "View this page as Markdown" at its end opens it.', error);
    say('Copy failed');
  }
  window.setTimeout(() => say('Copy page'), 2000);
}
