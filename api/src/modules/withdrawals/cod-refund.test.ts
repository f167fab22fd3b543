import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { balanceCents, grantStoreCredit } from '../gift-cards/ledger.js';
import { deliveredOrder, issueTestCard, roundFigures } from '../gift-cards/test-support.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/**
 * The owner refunds a cash-on-delivery order's withdrawal (decisions 0063, 0070): the cash first,
 * up to what the courier collected (the owner's bank transfer), then store credit, then the gift
 * cards, by the same allocation as a return's or a complaint's refund; the shopper's mail says
 * what went where.
 */
const t = useTestApp({ admin: true, smtp: true });
afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(() => roundFigures(t));

/** A shopper's order of 2 × 49.00 paid as `body` says, delivered yesterday and withdrawn from in full. */
async function withdrawnOrder(user: CreatedUser, body: object) {
  const { orderId } = await deliveredOrder(t, user, body);
  const withdrawn = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/withdrawal`,
    headers: bearer(user),
    payload: {},
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(201);
  return orderId;
}

const refundWithdrawal = (orderId: number, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/withdrawal/refund`,
    headers: bearer(t.admin),
    payload: body,
  });

describe("a cash-on-delivery withdrawal's refund", () => {
  it(
    'gives the cash first, then the store credit, then the card, and mails what went where',
    { tags: ['engine'] },
    async () => {
      const provider = vi.spyOn(t.app.payments, 'refund');
      const user = await t.createUser({ name: 'Ana Petrova' });
      const card = await issueTestCard(t.db, 3000);
      await t.db.transaction((tx) => grantStoreCredit(tx, user.id, 1000, 'Goodwill', 'admin:1'));
      // 98.00: 30.00 by the card, 10.00 of store credit, 58.00 collected at the door.
      const orderId = await withdrawnOrder(user, {
        paymentMethod: 'cod',
        giftCards: [card.code],
        useStoreCredit: true,
      });
      expect(await balanceCents(t.db, { cardId: card.id })).toBe(0);

      // 60.00 first: the 58.00 of cash (the owner's bank transfer), then 2.00 back to the credit.
      const first = await refundWithdrawal(orderId, { amount: 60 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ id: orderId, refunded: 60 });
      expect(await balanceCents(t.db, { userId: user.id })).toBe(200);
      expect(await balanceCents(t.db, { cardId: card.id })).toBe(0);
      // The rest (38.00, left out: all that is left): 8.00 to the credit, 30.00 to the card.
      const rest = await refundWithdrawal(orderId);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json()).toMatchObject({ refunded: 98 });
      expect(await balanceCents(t.db, { userId: user.id })).toBe(1000);
      expect(await balanceCents(t.db, { cardId: card.id })).toBe(3000);
      expect(provider).not.toHaveBeenCalled();

      const again = await refundWithdrawal(orderId);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
      const audited = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'withdrawal.refund'), eq(auditLog.target, `order:${orderId}`)));
      expect(audited.map((entry) => entry.detail)).toEqual([
        expect.objectContaining({ cashCents: 5800, cardCents: 200 }),
        expect.objectContaining({ cashCents: 0, cardCents: 3800 }),
      ]);

      await t.effectsRun();
      const mails = async (amount: string) =>
        (await t.smtp.waitFor(user.email, (mail) => mail.text.includes(`We refunded ${amount}`))).text;
      const firstMail = await mails('$60.00');
      expect(firstMail).toContain('We pay you $58.00 by bank transfer');
      expect(firstMail).toContain('We gave back $2.00 to your store credit');
      expect(firstMail).not.toContain('gift card ending');
      const restMail = await mails('$38.00');
      expect(restMail).toContain(`We gave back $30.00 to your gift card ending in ${card.last4}`);
      expect(restMail).toContain('We gave back $8.00 to your store credit');
      expect(restMail).not.toContain('bank transfer');
    },
  );

  it('refuses more than is left, a card order (refunded through the provider) and an order without a withdrawal', async () => {
    const user = await t.createUser();
    const orderId = await withdrawnOrder(user, { paymentMethod: 'cod' });
    const over = await refundWithdrawal(orderId, { amount: 98.01 });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { amount: expect.any(String) as string } });

    const byCard = await withdrawnOrder(await t.createUser(), { paymentMethod: 'card' });
    expect((await refundWithdrawal(byCard)).json()).toMatchObject({ code: 'INVALID_TRANSITION' });

    await addCartLine(t.db, user, await t.createProduct({ priceCents: 1000, stock: 5 }), { quantity: 1 });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(user),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
    });
    expect((await refundWithdrawal(plain.json<{ orderId: number }>().orderId)).statusCode).toBe(404);
  });
});
