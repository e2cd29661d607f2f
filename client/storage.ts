// localStorage that never breaks the page. When storage is unreachable (blocked by a policy,
// private mode, quota) one warning is logged and every call quietly does nothing: the theme,
// announcement and version features then simply forget between visits.
let available: boolean | undefined;
let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('Browser storage is unavailable; preferences (colour mode, announcement, docs version, search history) will not be remembered.', error);
}

function usable(): boolean {
  if (available !== undefined) return available;
  try {
    // Reading window.localStorage itself throws when cookies/storage are blocked.
    const probe = '__helpgen_storage_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    available = true;
  } catch (error) {
    available = false;
    warnOnce(error);
  }
  return available;
}

export const storage = {
  get(key: string): string | null {
    if (!usable()) return null;
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      warnOnce(error);
      return null;
    }
  },
  set(key: string, value: string): void {
    if (!usable()) return;
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      warnOnce(error); // quota exceeded: keep going without saving
    }
  },
  remove(key: string): void {
    if (!usable()) return;
    try {
      window.localStorage.removeItem(key);
    } catch (error) {
      warnOnce(error);
    }
  },
  /** Calls back when another tab changes the key (null: removed, or the whole storage cleared). */
  watch(key: string, callback: (value: string | null) => void): void {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      if (!usable() || event.storageArea !== window.localStorage) return; // ignore sessionStorage
      callback(event.key === null ? null : event.newValue);
    });
  },
};
