import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Where a shopper sent to log in goes back to (issue 28): a path of this shop, carried as
 * `/login?next=…` and kept for the tab (sessionStorage) through sign-up and its code step.
 * Only same-origin paths: never another site ("//evil.example", "https://…", "/\evil"), never an
 * auth page itself.
 */
const KEY = 'shop.returnTo';
/** A return not taken within this long is forgotten (a later, unrelated login goes to the profile). */
const KEEP_MS = 30 * 60 * 1000;
const AUTH_PAGES = new Set(['/login', '/signup', '/verify-otp', '/reset-password']);
const BASE = 'http://shop.invalid';

/** `value` as a path of this shop with its query and hash, or null when it is not one. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/u.test(value)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || AUTH_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address that comes back to `path` afterwards. */
export const loginPath = (path: string): string => {
  const back = safeReturnPath(path);
  return back ? `/login?next=${encodeURIComponent(back)}` : '/login';
};

/** Keeps `?next=` of an auth page's address for this tab, so the steps after it still know it. */
export function rememberReturn(search: string): void {
  const next = safeReturnPath(new URLSearchParams(search).get('next'));
  if (next) writeStorage(KEY, JSON.stringify({ path: next, at: Date.now() }), 'session');
}

/** The path kept by rememberReturn, once: it is forgotten as it is read. */
export function takeReturn(now = Date.now()): string | null {
  const raw = readStorage(KEY, 'session');
  removeStorage(KEY, 'session');
  if (!raw) return null;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || now - at > KEEP_MS) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
