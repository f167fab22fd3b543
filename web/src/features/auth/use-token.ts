import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, TIMINGS } from '@shop/contract';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

/** Raised in this tab when the token changes here (the `storage` event only reaches other tabs). */
const TOKEN_EVENT = 'shop:token';

/** Stores (or, with null, removes) the bearer token and tells every hook in this tab at once. */
export function writeToken(token: string | null): void {
  if (token) writeStorage(STORAGE_KEYS.token, token);
  else removeStorage(STORAGE_KEYS.token);
  window.dispatchEvent(new Event(TOKEN_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, TIMINGS.tokenReread);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(TOKEN_EVENT, onChange);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(TOKEN_EVENT, onChange);
  };
}

const readToken = () => readStorage(STORAGE_KEYS.token);
/** The server renders every page logged out; hydration starts from the same, then reads the token. */
const noToken = () => null;

/**
 * The bearer token in localStorage. Re-read every second (the spec), and at once when another
 * tab changes it (`storage` event) or this tab logs in or out (`writeToken`), so logging in or
 * out anywhere shows up everywhere.
 */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, noToken);
}
