/** Stock may have come back (an order released or restocked it): find who waits for it (effects.ts). */
export const BACK_IN_STOCK = 'stock.back-in-stock';
/** One shopper's back-in-stock mail. */
export const BACK_IN_STOCK_MAIL = 'mail.back-in-stock';
