// Browser storage can throw (private mode, disabled cookies, quota): a shop that cannot remember
// a choice must still work, so every access goes through these guards.

export function readStorage(key: string, storage: 'local' | 'session' = 'local'): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, storage: 'local' | 'session' = 'local'): void {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Not remembered; the in-memory state still holds for this visit.
  }
}

export function removeStorage(key: string, storage: 'local' | 'session' = 'local'): void {
  try {
    (storage === 'local' ? window.localStorage : window.sessionStorage).removeItem(key);
  } catch {
    // Nothing stored that we could reach.
  }
}
