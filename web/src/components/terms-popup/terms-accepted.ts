import { STORAGE_KEYS, TERMS_COOKIE } from '@shop/contract';
import { readStorage, writeStorage } from '../../lib/storage';

/**
 * Whether the visitor accepted the terms. The spec's flag is `acceptedTerms` in local storage; a
 * cookie copy lets the server render public pages with the popup already in their first HTML
 * (painted with the page, not over it once the app has started) or without it.
 */
const ACCEPTED = `${TERMS_COOKIE}=accepted`;
const YEAR_S = 365 * 24 * 60 * 60;

/** Set by the server renderer (entry-server.tsx) for each page: what the request's cookie said. */
let acceptedOnServer = false;
export function setTermsAcceptedOnServer(accepted: boolean): void {
  acceptedOnServer = accepted;
}

/** What the server knew when it rendered the page: the cookie alone (hydration must match it). */
export function hasTermsCookie(): boolean {
  if (import.meta.env.SSR) return acceptedOnServer;
  try {
    return document.cookie.split(/;\s*/).includes(ACCEPTED);
  } catch {
    return false;
  }
}

export const hasStoredTermsAcceptance = () => readStorage(STORAGE_KEYS.acceptedTerms) === 'true';

function writeTermsCookie(): void {
  try {
    document.cookie = `${ACCEPTED}; path=/; max-age=${YEAR_S}; samesite=lax`;
  } catch {
    // Cookies disabled: the server shows the popup on each page load, and the app hides it.
  }
}

export function rememberTermsAccepted(): void {
  writeStorage(STORAGE_KEYS.acceptedTerms, 'true');
  writeTermsCookie();
}

/**
 * Keeps the two copies together once the app runs: an acceptance stored before the cookie
 * existed gets its cookie (so the next page arrives without the popup), and one sent without
 * JavaScript (the server set the cookie) gets the spec's flag.
 */
export function syncTermsAcceptance(): void {
  // Written again on every start: the cookie's year counts from the last visit.
  if (hasStoredTermsAcceptance()) writeTermsCookie();
  else if (hasTermsCookie()) writeStorage(STORAGE_KEYS.acceptedTerms, 'true');
}
