// @module-tag engine: the outbox takes an effect only once the one it waits for is done (its own SQL, its workers)
import type { EffectsResponse } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { effects, invoiceDocuments, shopSettings } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { TELL_OWNER_AFTER_ATTEMPTS } from '../order-mails/subscriptions.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { PROVIDER_REFUND } from './effect-kinds.js';

/**
 * The shopper is never told of money that did not move (YEAR.md section 1, decision 0049): a
 * refund's mail and credit note, and a paid order's cancellation mail, wait for the provider's
 * refund; while the provider refuses it they wait, and the owner is told and sees it waiting.
 */
const OWNER = 'owner@atelier.test';
const COMPANY = {
  companyName: 'Клиент ЕООД',
  companyId: '020469788',
  vatId: 'BG020469788',
  address: 'бул. Витоша 10',
  city: 'София',
  country: 'BG',
};

const t = useTestApp({ smtp: true, admin: true });
beforeAll(async () => {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(t.admin),
    payload: {
      seller: {
        legalName: 'Модна Къща ООД',
        companyId: '175074752',
        vatId: 'BG175074752',
        address: 'ул. Граф Игнатиев 1, София',
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.db.update(shopSettings).set({ sellerEmail: OWNER }).where(eq(shopSettings.id, 1));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Effects, and the effects they wrote (an issued document's mail). */
const settle = async () => {
  await t.effectsRun();
  await t.effectsRun();
};

/** A card order paid with an invoice asked for, its confirmation and invoice sent. */
async function invoicedCardOrder() {
  const user = await t.createUser();
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 4200 }));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', invoice: COMPANY },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string }>();
  await payOnTestPage(t.app, sessionId);
  await settle();
  return { user, orderId };
}

const mailsTo = (to: string, subject: RegExp) =>
  t.smtp.messages.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
const creditNotes = (orderId: number) =>
  t.db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, orderId), eq(invoiceDocuments.kind, 'credit-note')));
const refundEffect = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(effects)
      .where(and(eq(effects.orderId, orderId), eq(effects.kind, PROVIDER_REFUND.name)))
  )[0]!;

/** The refund's backoff has passed: it is tried again now. */
async function tryAgain(orderId: number) {
  await t.db
    .update(effects)
    .set({ runAfter: new Date(Date.now() - 1000) })
    .where(eq(effects.id, (await refundEffect(orderId)).id));
  await settle();
}

/** The provider refuses every refund until the spy is restored. */
const refuseRefunds = () =>
  vi.spyOn(t.app.payments, 'refund').mockRejectedValue(new Error('refund refused: the balance is too low'));

describe('a refund the provider refuses', () => {
  it('mails nothing and issues no credit note until it is made; the owner is told once and sees it waiting', async () => {
    const { user, orderId } = await invoicedCardOrder();
    const refuse = refuseRefunds();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: { ...bearer(t.admin), 'idempotency-key': 'refused-1' },
      payload: { amount: 10 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await settle();
    expect(refuse).toHaveBeenCalledTimes(1);
    for (let attempt = 2; attempt <= TELL_OWNER_AFTER_ATTEMPTS + 1; attempt += 1) await tryAgain(orderId);
    expect(refuse).toHaveBeenCalledTimes(TELL_OWNER_AFTER_ATTEMPTS + 1);

    // The shopper heard nothing; no credit note exists.
    expect(mailsTo(user.email, /refund/i)).toEqual([]);
    expect(await creditNotes(orderId)).toEqual([]);
    // The owner was told once, with what the provider said.
    const notices = mailsTo(OWNER, /Refund refused/);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('refund refused: the balance is too low');
    expect(notices[0]!.text).toContain('The shopper has not been told');
    expect(notices[0]!.text).toContain('Клиентът не е уведомен');
    // And sees it on the dashboard, with what waits for it, before it gives up.
    const listed = await t.app.inject({ url: '/api/admin/effects', headers: bearer(t.admin) });
    const failing = listed.json<EffectsResponse>().data.find((effect) => effect.orderId === orderId);
    expect(failing).toMatchObject({
      kind: 'payment.refund',
      attempts: TELL_OWNER_AFTER_ATTEMPTS + 1,
      failedAt: null,
      lastError: 'Error: refund refused: the balance is too low',
    });
    expect(failing!.waiting.map((waiting) => waiting.kind)).toEqual(['mail.order', 'invoices.credit-note']);

    // The provider accepts it now; the owner retries it at once.
    refuse.mockRestore();
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/effects/${failing!.id}/retry`,
      headers: bearer(t.admin),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await settle();
    await settle();
    expect((await refundEffect(orderId)).doneAt).toBeInstanceOf(Date);
    expect(mailsTo(user.email, /refund/i)).toHaveLength(1);
    expect(mailsTo(user.email, /refund/i)[0]!.text).toContain('We refunded');
    expect(await creditNotes(orderId)).toHaveLength(1);
    expect(mailsTo(OWNER, /Refund refused/)).toHaveLength(1);
    const after = await t.app.inject({ url: '/api/admin/effects', headers: bearer(t.admin) });
    expect(after.json<EffectsResponse>().data.filter((effect) => effect.orderId === orderId)).toEqual([]);
  });

  it("keeps a paid order's cancellation mail (refunded in full) until the refund is made", async () => {
    const { user, orderId } = await invoicedCardOrder();
    const refuse = refuseRefunds();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: bearer(t.admin),
      payload: { reason: 'Out of stock' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await settle();
    await tryAgain(orderId);
    expect(refuse).toHaveBeenCalledTimes(2);
    expect(mailsTo(user.email, /cancelled/)).toEqual([]);
    expect(await creditNotes(orderId)).toEqual([]);

    refuse.mockRestore();
    await tryAgain(orderId);
    await settle();
    const cancelled = mailsTo(user.email, /cancelled/);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain('refunded in full');
    expect(await creditNotes(orderId)).toHaveLength(1);
  });
});
