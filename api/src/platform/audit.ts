import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export type AuditAction =
  | 'product.create'
  | 'product.upload_images'
  | 'product.update'
  | 'product.add_color'
  | 'product.color_images'
  | 'product.delete'
  | 'product.stock'
  | 'product.sale_set'
  | 'product.sale_end'
  | 'review.publish'
  | 'review.hide'
  | 'product.details'
  | 'catalogue.import'
  | 'catalogue.import_undo'
  | 'discount.create'
  | 'discount.update'
  | 'discount.delete'
  | 'settings.update'
  | 'order.confirm'
  | 'order.ship'
  | 'order.shipment'
  | 'couriers.sync'
  | 'order.deliver'
  | 'order.cancel'
  | 'order.refund'
  | 'order.return'
  | 'withdrawal.refund'
  | 'order.invoice'
  | 'user.role'
  | 'user.delete'
  | 'effect.retry'
  | 'store-credit.grant'
  | 'gift-card.issue'
  | 'gift-card.void'
  | 'complaint.decide'
  | 'complaint.repaired'
  | 'product.recall'
  | 'recall.edit'
  | 'recall.close'
  | 'return.approve'
  | 'return.reject'
  | 'return.receive'
  | 'campaign.create'
  | 'campaign.update'
  | 'campaign.send'
  | 'campaign.schedule'
  | 'campaign.stop';

/** Records an admin write; call it inside the write's transaction so both land or neither does. */
export async function audit(
  tx: Tx,
  entry: { actorId: number; action: AuditAction; target: string; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, detail: entry.detail ?? {} });
}
