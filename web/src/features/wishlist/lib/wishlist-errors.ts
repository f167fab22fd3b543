import type { ErrorWording } from '../../../lib/error-text';

/** Spec section 8: the heart's failure is "the server message or …"; a move from the cart has fixed words. */
export const WISHLIST_ERRORS = {
  add: { fallback: 'wishlist.addFailed', serverMessage: true },
  move: { fallback: 'wishlist.moveFailed' },
} satisfies Record<string, ErrorWording>;
