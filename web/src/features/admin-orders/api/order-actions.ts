import type { ScopedMutator } from 'swr';
import type { AdminOrder } from '@shop/contract';
import type { ApiBody } from '@shop/contract/api-routes';
import { call } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { adminOrderKey } from './get-admin-order';
import { isAdminOrdersKey } from './get-admin-orders';

/**
 * The owner's steps on an order (docs/decisions/0022). Each answers the order as it is now;
 * a step the order's state does not allow is refused with 409 INVALID_TRANSITION.
 */
export type OrderAction =
  | { type: 'confirm' }
  | { type: 'ship'; body: ApiBody<'POST /admin/orders/:id/ship'> }
  /** The courier makes the label and the order ships with its tracking (POST …/shipment). */
  | { type: 'shipment'; body: ApiBody<'POST /admin/orders/:id/shipment'> }
  | { type: 'deliver' }
  | { type: 'cancel'; body: ApiBody<'POST /admin/orders/:id/cancel'> }
  /** An amount, and the lines it gives back if the owner chose any (decision 0060). */
  | { type: 'refund'; body: ApiBody<'POST /admin/orders/:id/refund'> }
  | { type: 'return'; body: ApiBody<'POST /admin/orders/:id/return'> };

/** POST /admin/orders/{id}/{step}: each step by its route. */
export function runOrderAction(id: number, action: OrderAction): Promise<AdminOrder> {
  switch (action.type) {
    case 'confirm':
      return call('POST /admin/orders/:id/confirm', { id });
    case 'ship':
      return call('POST /admin/orders/:id/ship', { id }, action.body);
    case 'shipment':
      return call('POST /admin/orders/:id/shipment', { id }, action.body);
    case 'deliver':
      return call('POST /admin/orders/:id/deliver', { id });
    case 'cancel':
      return call('POST /admin/orders/:id/cancel', { id }, action.body);
    case 'refund':
      return call('POST /admin/orders/:id/refund', { id }, action.body);
    case 'return':
      return call('POST /admin/orders/:id/return', { id }, action.body);
  }
}

/**
 * A cash-on-delivery order's withdrawal refunded in full: the cash first, which the owner pays by
 * bank transfer, the rest back to store credit and gift cards (decision 0070).
 */
export const refundCashWithdrawal = (id: number): Promise<AdminOrder> =>
  call('POST /admin/orders/:id/withdrawal/refund', { id }, {});

/** The order's new state into its cache at once; every list page refetched (its row moved or changed). */
export async function afterOrderAction(mutate: ScopedMutator, order: AdminOrder): Promise<void> {
  await mutate(adminOrderKey(order.id), order, { revalidate: false });
  await mutate((key) => isAdminOrdersKey(key) && key !== adminOrderKey(order.id));
}

/** The order's shipping label, to print again (a PDF the admin's token fetches). */
export const printLabel = (orderId: number, trackingNumber: string) =>
  downloadFromApi(`${adminOrderKey(orderId)}/shipment/label`, `label-${trackingNumber}.pdf`);
