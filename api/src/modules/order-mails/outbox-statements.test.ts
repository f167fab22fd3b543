import { drizzle } from 'drizzle-orm/pglite';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { effects, shopSettings } from '../../db/schema.js';
import { webLinks } from '../../lib/links.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { enqueue, Outbox } from '../../platform/outbox/outbox.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { testPaymentPolicy } from '../documents/test-payments.js';
import { placedOrder } from '../withdrawals/test-support.js';
import { ORDER_MAIL, OWNER_ORDER_MAIL } from './effect-kinds.js';
import { orderMailEffectHandlers } from './effects.js';

/**
 * Decision 0084: the order mails the outbox starts together read together (one statement for
 * their orders, one for the settings, one for the owner's address) and are marked done together.
 * Counted here through the outbox, on the embedded database's one connection.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own workers would take these effects: the test runs an outbox of its own.
  await t.app.outbox.stop();
  await t.db.update(shopSettings).set({ sellerEmail: 'owner@atelier.test' }).where(eq(shopSettings.id, 1));
});
afterAll(() => t.close());

/** The statements an outbox takes to run each order's two mails (its shopper's, the owner's), and the mails. */
async function mailsOf(orderIds: number[]) {
  // Only these orders' mails are due: those their checkouts wrote are marked done.
  await t.db.update(effects).set({ doneAt: new Date() }).where(isNull(effects.doneAt));
  await enqueue(
    t.db,
    orderIds.flatMap((orderId) => [
      ORDER_MAIL.effect({ orderId, kind: 'confirmed' }, { id: `counted-${orderId}`, orderId }),
      OWNER_ORDER_MAIL.effect({ orderId }, { id: `counted-${orderId}`, orderId }),
    ]),
  );
  let statements = 0;
  const counted = drizzle(t.database.pglite!, {
    schema,
    logger: { logQuery: () => void (statements += 1) },
  }) as unknown as Db;
  const sent: Mail[] = [];
  const outbox = new Outbox(
    counted,
    t.app.log,
    orderMailEffectHandlers({
      db: counted,
      // Handed over at once: what is counted is the effects' statements, not a mail server's pace.
      mailer: { kind: 'outbox', send: async (mail) => void sent.push(mail), close: () => undefined },
      log: t.app.log,
      links: webLinks(t.config.publicUrl),
      currency: t.config.currency,
      cardPayments: true,
      testPayments: testPaymentPolicy(t.config),
    }),
  );
  outbox.wake();
  await outbox.settled();
  return { statements, sent };
}

describe('order mails through the outbox', () => {
  it('take as many statements for 12 orders as for 2: a claim, one read of each kind, one done mark', async () => {
    const few = [];
    for (let index = 0; index < 2; index += 1) few.push((await placedOrder(t)).orderId);
    const many = [];
    for (let index = 0; index < 12; index += 1) many.push((await placedOrder(t)).orderId);

    // A first group reads what is read once per process (the notice's QR code); not counted.
    await mailsOf([(await placedOrder(t)).orderId]);
    const ofFew = await mailsOf(few);
    const ofMany = await mailsOf(many);
    expect(ofFew.sent).toHaveLength(4);
    expect(ofMany.sent).toHaveLength(24);
    expect(new Set(ofMany.sent.map((mail) => mail.to)).size).toBe(13);
    expect(ofMany.statements).toBe(ofFew.statements);
    // Claims (the group's, and one that finds nothing more), the orders with their shoppers and
    // what the order answer reads, the settings and the owner's address, the done mark.
    expect(ofMany.statements).toBeLessThanOrEqual(14);
  });
});
