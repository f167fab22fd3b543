import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { getSettings } from '../settings/service.js';
import type { OrderMailKind } from './effect-kinds.js';
import { orderMail } from './mails.js';
import { guaranteeNoticeAttachment } from './guarantee-notice.js';
import { toOrders } from '../orders/service.js';
import { readWithShopper } from '../orders/store.js';
import { saleDocumentAttachment } from '../documents/effects.js';
import type { TestPaymentPolicy } from '../documents/test-payments.js';

export interface OrderMailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  links: WebLinks;
  currency: string;
  /** Whether the shop takes card payments (the settings say it). */
  cardPayments: boolean;
  /** Whether a test payment gets its sale document (documents/test-payments.ts). */
  testPayments: TestPaymentPolicy;
}

/**
 * Mails the order's shopper what happened to it (an effect of the order's event, subscriptions.ts:
 * a failed send throws, and the outbox tries again). An order whose account was deleted mails no one.
 */
export async function mailOrder(
  db: Db,
  deps: OrderMailDeps,
  orderId: number,
  kind: OrderMailKind,
  extra: { amountCents?: number | undefined; providerCents?: number | undefined; reason?: string | undefined } = {},
): Promise<void> {
  const found = await readWithShopper(db, orderId);
  const customer = found?.shopper;
  if (!found || !customer) return;
  const { row } = found;
  const [[order], settings] = await Promise.all([toOrders(db, [row]), getSettings(db, deps)]);
  // The sale document goes with the mail that tells of the payment: a card order's confirmation,
  // a cash-on-delivery order's delivery (documents/, decision 0039).
  const paid = row.paidAt !== null;
  const withDocument =
    paid &&
    ((kind === 'confirmed' && row.paymentMethod === 'card') || (kind === 'delivered' && row.paymentMethod === 'cod'));
  const saleDocument = withDocument ? await saleDocumentAttachment(db, orderId, deps.testPayments) : null;
  const attachments = [
    ...(saleDocument ? [saleDocument.attachment] : []),
    // The QR code of the legal-guarantee notice the confirmation's HTML shows (guarantee-notice.ts).
    ...(kind === 'confirmed' ? [await guaranteeNoticeAttachment(row.locale)] : []),
  ];
  await deps.mailer.send({
    ...orderMail({
      kind,
      order: order!,
      locale: row.locale,
      customer,
      settings,
      links: deps.links,
      ...extra,
      saleDocument: saleDocument?.number ?? null,
    }),
    ...(attachments.length > 0 ? { attachments } : {}),
  });
}
