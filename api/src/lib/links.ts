/**
 * The web app's addresses that the API hands out (in mails, to the payment provider, in a checkout's
 * answer), in this one place: each names a route of web/src/app/router.tsx. A service builds none.
 */
export const webPaths = {
  login: () => '/login',
  resetPassword: (token: string) => `/reset-password/${token}`,
  product: (productId: number) => `/product/${productId}`,
  order: (orderId: number) => `/my-order/${orderId}`,
  confirmWithdrawal: (token: string) => `/withdrawal/confirm?token=${token}`,
  /** A cash-on-delivery order's result page: placed at once, no provider session. */
  orderPlaced: (orderId: number) => `/checkout-success?order_id=${orderId}`,
  /** The provider puts the session's id in place of `sessionId` (Stripe: `{CHECKOUT_SESSION_ID}`). */
  checkoutSuccess: (sessionId: string) => `/checkout-success?session_id=${sessionId}`,
  checkoutCancelled: (sessionId: string) => `/checkout-cancelled?session_id=${sessionId}`,
  adminOrder: (orderId: number) => `/admin/orders/${orderId}`,
  adminDashboard: () => '/admin/dashboard',
  /** The owner's register of complaints. */
  adminComplaints: () => '/admin/complaints',
  /** The newsletter's double opt-in link (valid NEWSLETTER_CONFIRM_DAYS). */
  confirmNewsletter: (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`,
  /** Every marketing mail's visible unsubscribe link: the page asks for one click. */
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  cart: () => '/cart',
  /** A product safety recall's notice (decision 0059). */
  recall: (recallId: number) => `/recalls/${recallId}`,
  /** The Gift cards page; back from paying for a card, it says how the payment ended. */
  giftCards: (purchase?: 'paid' | 'cancelled') => (purchase ? `/gift-cards?purchase=${purchase}` : '/gift-cards'),
};

/**
 * The API's own addresses that its answers hand out, built at the edge (routes) from the ids and
 * signatures services return: a service builds none.
 */
export const apiPaths = {
  /** A document's PDF behind its signed link (documents/links.ts signs it). */
  documentPdf: (kind: string, id: number, { expires, sig }: { expires: number; sig: string }) =>
    `/api/documents/${kind}/${id}/pdf?expires=${expires}&sig=${sig}`,
  /** A courier's label of an order, for the admin (with the admin's token). */
  shipmentLabel: (orderId: number) => `/api/admin/orders/${orderId}/shipment/label`,
  /** A return's label PDF behind its signed link (returns/label.ts signs it), for the shopper. */
  returnLabel: (returnId: number, { expires, sig }: { expires: number; sig: string }) =>
    `/api/returns/${returnId}/label?expires=${expires}&sig=${sig}`,
};

type Paths = typeof webPaths;
/** The same addresses in full, under PUBLIC_URL (for mails and the payment provider). */
export type WebLinks = { [Name in keyof Paths]: (...args: Parameters<Paths[Name]>) => string };

export function webLinks(publicUrl: string): WebLinks {
  const at =
    <Args extends unknown[]>(path: (...args: Args) => string) =>
    (...args: Args) =>
      `${publicUrl}${path(...args)}`;
  return {
    login: at(webPaths.login),
    resetPassword: at(webPaths.resetPassword),
    product: at(webPaths.product),
    order: at(webPaths.order),
    confirmWithdrawal: at(webPaths.confirmWithdrawal),
    orderPlaced: at(webPaths.orderPlaced),
    checkoutSuccess: at(webPaths.checkoutSuccess),
    checkoutCancelled: at(webPaths.checkoutCancelled),
    adminOrder: at(webPaths.adminOrder),
    adminDashboard: at(webPaths.adminDashboard),
    adminComplaints: at(webPaths.adminComplaints),
    confirmNewsletter: at(webPaths.confirmNewsletter),
    unsubscribe: at(webPaths.unsubscribe),
    cart: at(webPaths.cart),
    recall: at(webPaths.recall),
    giftCards: at(webPaths.giftCards),
  };
}
