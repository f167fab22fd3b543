import type { ScopedMutator } from 'swr';
import type { AdminOrder, ShipOrderBody } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { adminOrderKey } from './get-admin-order';
import { isAdminOrdersKey } from './get-admin-orders';

/**
 * The owner's steps on an order (docs/decisions/0022). Each answers the order as it is now;
 * a step the order's state does not allow is refused with 409 INVALID_TRANSITION.
 */
export type OrderAction =
  | { type: 'confirm' }
  | { type: 'ship'; body: ShipOrderBody }
  | { type: 'deliver' }
  | { type: 'cancel'; body: { reason?: string } }
  | { type: 'refund'; body: { amount: number } }
  | { type: 'return'; body: { restock: boolean } };

export function runOrderAction(id: number, action: OrderAction): Promise<AdminOrder> {
  const path = `${adminOrderKey(id)}/${action.type}`;
  return api.post<AdminOrder>(path, 'body' in action ? action.body : undefined);
}

/** The order's new state into its cache at once; every list page refetched (its row moved or changed). */
export async function afterOrderAction(mutate: ScopedMutator, order: AdminOrder): Promise<void> {
  await mutate(adminOrderKey(order.id), order, { revalidate: false });
  await mutate((key) => isAdminOrdersKey(key) && key !== adminOrderKey(order.id));
}
