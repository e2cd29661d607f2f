// Click (or Enter or Space) on an image in a page opens it large in a modal <dialog>; a click,
// Escape or the close button closes it and focus returns to the image. Images inside links
// stay links. The dialog shows the variant on screen (light or dark mode).
let dialog: HTMLDialogElement | undefined;
let opener: HTMLElement | undefined;

export function init(scope: ParentNode = document): void {
  for (const image of scope.querySelectorAll<HTMLImageElement>('.markdown-body img:not([data-zoom])')) {
    if (image.closest('a, button, .diagram')) continue;
    image.dataset.zoom = 'ready';
    image.tabIndex = 0;
    image.setAttribute('role', 'button');
    image.setAttribute('aria-haspopup', 'dialog');
    image.setAttribute('aria-label', `Enlarge image${image.alt ? `: ${image.alt}` : ''}`);
    image.addEventListener('click', () => open(image));
    image.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      open(image);
    });
  }
}

function open(image: HTMLImageElement): void {
  opener = image;
  const box = zoomDialog();
  const large = box.querySelector('img')!;
  large.src = image.currentSrc || image.src;
  large.alt = image.alt;
  box.showModal();
}

function zoomDialog(): HTMLDialogElement {
  if (dialog?.isConnected) return dialog;
  dialog = document.createElement('dialog');
  dialog.className = 'image-zoom';
  dialog.setAttribute('aria-label', 'Enlarged image');
  dialog.innerHTML = '<button type="button" class="image-zoom__close" aria-label="Close the enlarged image">×</button><img class="image-zoom__image" alt="">';
  // Any click closes: on the image, the backdrop or the button.
  dialog.addEventListener('click', () => dialog!.close());
  dialog.addEventListener('close', () => opener?.focus());
  document.body.append(dialog);
  return dialog;
}
