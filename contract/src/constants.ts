/** Business constants of the spec (section 9) shared by the api and the web app. */

export const LANGUAGES = ['en', 'bg'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The spec's size order. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];
/** How a product list is ordered (`GET /products?sort=`); left out: by category, then oldest first. */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The longest search a shopper types (`?q=`): the navbar's field says so without loading the schemas. */
export const SEARCH_MAX_LENGTH = 100;
/** Sizes the admin create form offers (and pre-selects). */
export const CREATE_FORM_SIZES = ['S', 'M', 'L', 'XL'] as const satisfies readonly Size[];

export const ROLES = ['USER', 'ADMIN', 'ROOT_ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ['USER', 'ADMIN'] as const satisfies readonly Role[];

export const CATEGORY_IDS = [1, 2, 3] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];
export const CATEGORY_SLUGS: Record<CategoryId, string> = {
  1: 'elegance',
  2: 'pump-covers',
  3: 'confidence',
};

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;
/** The most open cash-on-delivery orders the owner may allow one account (the setting's bound). */
export const COD_MAX_OPEN_ORDERS_MAX = 20;

/**
 * `pending`: card, awaiting payment · `placed`: cash on delivery, awaiting delivery · `paid` ·
 * `cancelled` · `expired` · `failed` · `refunded` (fully). docs/decisions/0022.
 */
export const ORDER_STATUSES = ['pending', 'placed', 'paid', 'cancelled', 'expired', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FULFILMENT_STATUSES = ['unfulfilled', 'shipped', 'delivered', 'returned'] as const;
export type Fulfilment = (typeof FULFILMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['card', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DELIVERY_METHODS = ['address', 'office'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
/** Where the shop delivers: the EU's member states (ISO 3166-1 alpha-2), Bulgaria first. */
export const DELIVERY_COUNTRIES = [
  'BG',
  'AT',
  'BE',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type DeliveryCountry = (typeof DELIVERY_COUNTRIES)[number];
/** The withdrawal period after delivery (EU consumer law): at least 14 days. */
export const RETURN_DAYS_MIN = 14;
/** `local` is the built-in test payment page; `stripe` is Stripe Checkout. */
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** How long a hosted payment session stays open. */
export const PAYMENT_SESSION_TTL_MS = 30 * 60_000;

export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Upload limits (docs/decisions/0001). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_REQUEST_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 25_000_000;
export const UPLOAD_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Timings of the spec, in milliseconds. */
export const TIMINGS = {
  toastAutoClose: 2500,
  toastTopOffsetPx: 120,
  pageTransition: 500,
  loadingPageMax: 2000,
  dataRefresh: 5000,
  dedupe: 2000,
  focusThrottle: 5000,
  errorRetryBase: 5000,
  tokenReread: 1000,
  profileRefresh: 3000,
  wishlistRefresh: 3000,
  cartToWishlistUndo: 2500,
  wishlistHeartFeedback: 2500,
  otpRedirect: 2000,
  resetRedirect: 3000,
} as const;

export const BACK_TO_TOP_THRESHOLD_PX = 200;
export const CATEGORY_SCROLL_OFFSET_PX = 80;
export const MOBILE_BREAKPOINT_PX = 600;
export const BANNER_TOP_PX = 120;

/** Browser storage keys (docs/decisions/0004). */
export const STORAGE_KEYS = {
  token: 'token',
  acceptedTerms: 'acceptedTerms',
  lang: 'lang',
} as const;

/** A cookie copy of the chosen language: the server renders public pages in it. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * Set (as `notice=closed`, a session cookie) once the shopper closes the notice banner: it stays
 * closed for the browsing session, and the server renders public pages without it.
 */
export const NOTICE_COOKIE = 'notice';

/**
 * A cookie copy of the terms' acceptance (`terms=accepted`), beside `acceptedTerms` in local
 * storage (the spec's flag): the server renders public pages with the terms popup until it is set
 * (docs/decisions/0012), and sets it itself when the popup's form is sent without JavaScript.
 */
export const TERMS_COOKIE = 'terms';
/** Where the terms popup's form posts when the app has not started (no JavaScript yet, or none). */
export const ACCEPT_TERMS_PATH = '/accept-terms';

/**
 * Stored images are WebP. Product images are 4:5, full size 1200×1500; smaller variants are
 * served from the same URL with `?w=` (only these widths exist; others get the full size).
 */
export const PRODUCT_IMAGE_SIZE = { width: 1200, height: 1500 } as const;
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export const AVATAR_SIZE = 400;

/**
 * The size guide linked from every product page: body measurements in centimetres (from–to)
 * that each size fits, the same for every garment of the brand's relaxed cut.
 */
export const SIZE_GUIDE: readonly {
  size: Size;
  chest: [number, number];
  waist: [number, number];
  hips: [number, number];
}[] = [
  { size: 'XS', chest: [84, 88], waist: [70, 74], hips: [86, 90] },
  { size: 'S', chest: [88, 94], waist: [74, 80], hips: [90, 96] },
  { size: 'M', chest: [94, 100], waist: [80, 86], hips: [96, 102] },
  { size: 'L', chest: [100, 106], waist: [86, 92], hips: [102, 108] },
  { size: 'XL', chest: [106, 112], waist: [92, 98], hips: [108, 114] },
  { size: 'XXL', chest: [112, 118], waist: [98, 104], hips: [114, 120] },
];
