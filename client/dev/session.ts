// sessionStorage for the dev page scripts. It may be blocked (privacy settings, sandboxed
// frames): then nothing is kept, and nothing breaks.
export function session<T>(action: (s: Storage) => T): T | null {
  try {
    return action(sessionStorage);
  } catch {
    return null;
  }
}
