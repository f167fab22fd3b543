import type { ScopedMutator } from 'swr';
import type { AdminOrder, CreateShipmentBody, RefundLineInput, ShipOrderBody } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { adminOrderKey } from './get-admin-order';
import { isAdminOrdersKey } from './get-admin-orders';

/**
 * The owner's steps on an order (docs/decisions/0022). Each answers the order as it is now;
 * a step the order's state does not allow is refused with 409 INVALID_TRANSITION.
 */
export type OrderAction =
  | { type: 'confirm' }
  | { type: 'ship'; body: ShipOrderBody }
  /** The courier makes the label and the order ships with its tracking (POST …/shipment). */
  | { type: 'shipment'; body: CreateShipmentBody }
  | { type: 'deliver' }
  | { type: 'cancel'; body: { reason?: string } }
  /** An amount, and the lines it gives back if the owner chose any (decision 0060). */
  | { type: 'refund'; body: { amount: number; lines?: RefundLineInput[] } }
  | { type: 'return'; body: { restock: boolean } };

export function runOrderAction(id: number, action: OrderAction): Promise<AdminOrder> {
  const path = `${adminOrderKey(id)}/${action.type}`;
  return api.post<AdminOrder>(path, 'body' in action ? action.body : undefined);
}

/**
 * A cash-on-delivery order's withdrawal refunded in full: the cash first, which the owner pays by
 * bank transfer, the rest back to store credit and gift cards (decision 0070).
 */
export const refundCashWithdrawal = (id: number): Promise<AdminOrder> =>
  api.post<AdminOrder>(`${adminOrderKey(id)}/withdrawal/refund`, {});

/** The order's new state into its cache at once; every list page refetched (its row moved or changed). */
export async function afterOrderAction(mutate: ScopedMutator, order: AdminOrder): Promise<void> {
  await mutate(adminOrderKey(order.id), order, { revalidate: false });
  await mutate((key) => isAdminOrdersKey(key) && key !== adminOrderKey(order.id));
}

/** The order's shipping label, to print again (a PDF the admin's token fetches). */
export const printLabel = (orderId: number, trackingNumber: string) =>
  downloadFromApi(`${adminOrderKey(orderId)}/shipment/label`, `label-${trackingNumber}.pdf`);
