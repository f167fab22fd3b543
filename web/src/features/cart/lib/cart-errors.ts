import type { ErrorWording } from '../../../lib/error-text';

/**
 * A refused cart change: "the server message or Failed to update cart…" (spec section 8), with
 * the cart's own words for the answers it knows.
 */
const CHANGE_FAILED = {
  codes: {
    MAX_QUANTITY: 'cart.maxQuantity',
    UNAUTHORIZED: 'cart.loginRequired',
    NOT_FOUND: 'cart.errors.gone',
    RATE_LIMITED: 'cart.errors.tooMany',
  },
  fields: {
    productId: 'cart.errors.product',
    selectedColor: 'cart.errors.color',
    selectedSize: 'cart.errors.size',
    quantity: 'cart.errors.quantity',
  },
  serverMessage: true,
} as const;

export const CART_ERRORS = {
  add: { ...CHANGE_FAILED, fallback: 'cart.addFailed' },
  update: { ...CHANGE_FAILED, fallback: 'cart.updateFailed' },
} satisfies Record<string, ErrorWording>;
