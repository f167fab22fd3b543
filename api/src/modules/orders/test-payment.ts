import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { orders } from '../../db/schema.js';

/**
 * A test payment: a card order paid on the built-in test page (provider `local`), where no money
 * moves. Shown as TEST PAYMENT wherever the order is (admin, CSV, mails): a shop that ran with
 * PAYMENTS=test must never take such an order for a paid one.
 */
export function isTestPayment(row: Pick<typeof orders.$inferSelect, 'paymentProvider' | 'paymentMethod' | 'paidAt'>) {
  return row.paymentProvider === 'local' && row.paymentMethod === 'card' && row.paidAt !== null;
}

/** The same rule in SQL, on an `orders` row aliased `o` (the CSV export). */
export const testPaymentSql = sql.raw(
  `(o.payment_provider = 'local' and o.payment_method = 'card' and o.paid_at is not null)`,
);

/** The same rule as a condition on the table (the order core's queries). */
export const testPaymentWhere = and(
  eq(orders.paymentProvider, 'local'),
  eq(orders.paymentMethod, 'card'),
  isNotNull(orders.paidAt),
)!;
