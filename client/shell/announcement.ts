// Announcement bar: shown until the reader closes it. The closed flag and the bar's id are
// stored; a bar with a new id shows again. The head script hides a closed bar before the first
// paint (html[data-announcement-bar-initially-dismissed]), so it never appears and jumps away.
import { storage } from '../storage.ts';

export const DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ID_KEY = 'docusaurus.announcement.id';

export function initAnnouncementBar(barId: string | undefined): void {
  const bar = document.querySelector<HTMLElement>('.announcement-bar');
  if (!bar || !barId) return;
  if (storage.get(ID_KEY) !== barId) storage.set(DISMISS_KEY, 'false'); // a new bar: show it again
  storage.set(ID_KEY, barId);
  bar.querySelector('.announcement-bar__close')?.addEventListener('click', () => {
    storage.set(DISMISS_KEY, 'true');
    bar.hidden = true;
    // Focus would be lost with the button; hand it to the page content instead.
    document.querySelector<HTMLElement>('#__docusaurus_skipToContent_fallback')?.focus({ preventScroll: true });
  });
}
