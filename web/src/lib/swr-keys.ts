import type { Language } from '@shop/contract';
import { apiPath } from './api-client';

/**
 * The SWR keys that more than one feature reads or revalidates, written once. A key is the api
 * path (`/products?lang=en`) or a tuple of the path and the session's token: the token only
 * separates cache entries, so two accounts on one browser never share a cart or a profile.
 * Keys only one feature uses stay in that feature's `api/` file.
 */
export type SwrKey = string | readonly [string, ...unknown[]];

export const PROFILE_PATH = '/profile';
export const CART_PATH = '/cart';
/** The shop's settings: currency, delivery, cash on delivery (lib/settings.ts). */
export const SETTINGS_PATH = '/settings';
/** The published product safety recall notices, the newest first (lib/recalls.ts). */
export const RECALLS_PATH = apiPath('GET /recalls');
/** One recall notice. */
export const recallKey = (id: number) => apiPath('GET /recalls/:id', { id });

/** The signed-in account's profile: the session's user. */
export const profileKey = (token: string | null) => (token ? ([PROFILE_PATH, token] as const) : null);

/** One session's cart in one language (the server names the lines in it). */
export const cartKey = (token: string | null, lang: Language) =>
  token ? ([apiPath('GET /cart', { lang }), token] as const) : null;

/** The published products in one language. */
export const productsKey = (lang: string) => apiPath('GET /products', { lang });

/** The published products whose sale is in force, in one language (the sale page). */
export const saleKey = (lang: string) => apiPath('GET /products', { lang, onSale: 'true' });

/** The first product of a category: one product's read, not the catalogue's. */
export const categoryFaceKey = (lang: string, categoryId: number) =>
  apiPath('GET /products', { lang, categoryId: String(categoryId), limit: '1' });

/** One product in one language. */
export const productKey = (id: number, lang: string) => apiPath('GET /products/:id', { id, lang });

/**
 * One page of a product's published reviews, in one language (the colour bought is named in it):
 * the first is server-rendered with the product page.
 */
export const reviewsKey = (productId: number, lang: string, page: number) =>
  apiPath('GET /products/:id/reviews', { id: productId, lang, page: String(page) });

/** Every product that is not deleted, drafts included (admins). */
export const adminProductsKey = (lang: string) => apiPath('GET /admin/products', { lang });

/** The api path of a key. */
export const keyPath = (key: unknown): string | null =>
  typeof key === 'string' ? key : Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;

/** Every cached cart, whatever its language or session: what a payment or a checkout changes. */
export const isCartKey = (key: unknown) => keyPath(key)?.startsWith(CART_PATH) ?? false;

const CATALOG_PATHS = /^\/(products|admin\/products)([/?]|$)/;

/** Every cached product list and product page, the admin's list included: what a catalogue write changes. */
export const isCatalogKey = (key: unknown) => CATALOG_PATHS.test(keyPath(key) ?? '');

/** Every cached answer of one session (its keys carry its token). */
export const isSessionKey = (token: string) => (key: unknown) => Array.isArray(key) && key.includes(token);

/** The published products matching a search, in one language (`q` as typed; the api folds case and accents). */
export const searchKey = (lang: string, q: string) => apiPath('GET /products', { lang, q });
