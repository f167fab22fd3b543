import type { ErrorWording } from '../../../lib/error-text';

/**
 * A refused step on an order. INVALID_TRANSITION carries the server's reason ("the order has
 * already left", "more than remains"): shown in English as the server words it, in Bulgarian in
 * the screen's words (the shared table does not know the code).
 */
export const orderStepFailed = (lang: string): ErrorWording => ({
  fallback: 'adminOrders.errors.step',
  codes: {
    NETWORK_ERROR: 'admin.errors.network',
    UNAUTHORIZED: 'admin.errors.unauthorized',
    FORBIDDEN: 'admin.errors.forbidden',
    NOT_FOUND: 'adminOrders.errors.notFound',
    COURIER_UNAVAILABLE: 'adminOrders.errors.courierUnavailable',
    ...(lang === 'en' ? {} : { INVALID_TRANSITION: 'adminOrders.errors.invalidTransition' }),
  },
  fields: {
    carrier: 'adminOrders.ship.errors.carrier',
    trackingNumber: 'adminOrders.ship.errors.trackingNumber',
    trackingUrl: 'adminOrders.ship.errors.trackingUrl',
    amount: 'adminOrders.refund.errors.amount',
    parcels: 'adminOrders.shipment.errors.parcels',
    weightKg: 'adminOrders.shipment.errors.weightKg',
  },
  serverMessage: true,
});

/** The list or the order could not be read. */
export const ORDERS_LOAD_FAILED: ErrorWording = {
  fallback: 'adminOrders.errors.load',
  codes: { NETWORK_ERROR: 'admin.errors.network', NOT_FOUND: 'adminOrders.errors.notFound' },
};
