// localStorage that never breaks the page: when storage is blocked (private mode, policies,
// quota) a warning is logged once and every call quietly does nothing.
let available: boolean | undefined;

function usable(): boolean {
  if (available !== undefined) return available;
  try {
    const probe = '__helpgen_storage_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    available = true;
  } catch (error) {
    available = false;
    console.warn('Browser storage is unavailable; theme, announcement and search history will not be remembered.', error);
  }
  return available;
}

export const storage = {
  get(key: string): string | null {
    if (!usable()) return null;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    if (!usable()) return;
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Quota exceeded: keep going without saving.
    }
  },
  remove(key: string): void {
    if (!usable()) return;
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to do.
    }
  },
};
