import { NOTICE_COOKIE } from '@shop/contract';

/**
 * Whether the shopper closed the notice in this browsing session. A session cookie rather than
 * sessionStorage: it holds in every tab until the browser closes, and the server reads it too, so
 * a server-rendered page arrives without the banner instead of losing it (and its place) after
 * the app starts.
 */
const CLOSED = `${NOTICE_COOKIE}=closed`;

/** Set by the server renderer (entry-server.tsx) for each page: what the request's cookie said. */
let closedOnServer = false;
export function setNoticeClosedOnServer(closed: boolean): void {
  closedOnServer = closed;
}

export function isNoticeClosed(): boolean {
  if (import.meta.env.SSR) return closedOnServer;
  try {
    return document.cookie.split(/;\s*/).includes(CLOSED);
  } catch {
    return false;
  }
}

export function rememberNoticeClosed(): void {
  try {
    // No max-age: gone when the browser session ends.
    document.cookie = `${CLOSED}; path=/; samesite=lax`;
  } catch {
    // Cookies disabled: it stays closed until the next page load.
  }
}
