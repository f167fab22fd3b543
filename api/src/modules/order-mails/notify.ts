import type { Order, Settings } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import { BatchLoader } from '../../platform/cache/batch-loader.js';
import { SingleFlight } from '../../platform/cache/single-flight.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { getSettings, ownerAddress } from '../settings/service.js';
import type { OrderMailKind } from './effect-kinds.js';
import { orderMail } from './mails.js';
import { guaranteeNoticeAttachment } from './guarantee-notice.js';
import { toOrders } from '../orders/service.js';
import { readManyWithShopper, type OrderWithShopper } from '../orders/store.js';
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

/** An order as its mails read it: its row, its shopper's account (null once deleted) and its answer. */
export interface OrderToMail extends OrderWithShopper {
  order: Order;
}

/**
 * What the order mails read, shared by the effects that run at once (the outbox starts up to 32,
 * an order's mail to its shopper beside its notice to the owner): one query for all their orders
 * and their lines, events and payments, one read of the settings. Nothing is kept after a read.
 */
export function orderMailReads(db: Db, deps: OrderMailDeps) {
  const orders = new BatchLoader<number, OrderToMail>(async (ids) => {
    const found = await readManyWithShopper(db, ids);
    const answers = await toOrders(
      db,
      [...found.values()].map(({ row }) => row),
    );
    return new Map(answers.map((order) => [order.id, { ...found.get(order.id)!, order }]));
  });
  const settings = new SingleFlight<'settings', Settings>();
  const owner = new SingleFlight<'owner', string>();
  return {
    order: (id: number) => orders.load(id),
    settings: () => settings.run('settings', () => getSettings(db, deps)),
    /** Where the owner's notices go, or '' (settings/service.ts). */
    ownerAddress: () => owner.run('owner', () => ownerAddress(db)),
  };
}

export type OrderMailReads = ReturnType<typeof orderMailReads>;

/**
 * Mails the order's shopper what happened to it (an effect of the order's event, subscriptions.ts:
 * a failed send throws, and the outbox tries again). An order whose account was deleted mails no one.
 */
export async function mailOrder(
  db: Db,
  deps: OrderMailDeps & { reads: OrderMailReads },
  orderId: number,
  kind: OrderMailKind,
  extra: { amountCents?: number | undefined; providerCents?: number | undefined; reason?: string | undefined } = {},
): Promise<void> {
  const found = await deps.reads.order(orderId);
  const customer = found?.shopper;
  if (!found || !customer) return;
  const { row, order } = found;
  const settings = await deps.reads.settings();
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
      order,
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
