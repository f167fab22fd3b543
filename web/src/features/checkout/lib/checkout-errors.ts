import type { ErrorWording } from '../../../lib/error-text';

/**
 * Spec section 8, Checkout: "Checkout failed. Please try again later." when the session cannot
 * be opened, whatever the reason, except the cases the checkout words itself.
 */
export const CHECKOUT_FAILED = {
  fallback: 'checkout.failed',
  codes: {
    CART_EMPTY: 'checkout.cartEmpty',
    UNAUTHORIZED: 'checkout.loginRequired',
    RATE_LIMITED: 'checkout.tooMany',
    OUT_OF_STOCK: 'checkout.outOfStock',
    TOO_MANY_OPEN_ORDERS: 'checkout.tooManyOpenOrders',
    QUANTITY_LIMIT: 'checkout.quantityLimit',
    VALIDATION_ERROR: 'checkout.checkFields',
  },
} satisfies ErrorWording;
