// Click (or Enter or Space) on an image in a page opens it large in a modal <dialog>; a click,
// Escape or the close button closes it and focus returns to the image. The images were made
// buttons by the main script (../zoomable.ts); this code loads on the first click on one and
// opens it. The dialog shows the variant on screen (light or dark mode).
let dialog: HTMLDialogElement | undefined;
let opener: HTMLElement | undefined;

export function onClick(image: HTMLElement): void {
  if (image instanceof HTMLImageElement) open(image);
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
