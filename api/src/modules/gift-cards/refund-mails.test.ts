import { intlMoney } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { multipart } from '../../test/uploads.js';
import { grantStoreCredit } from './ledger.js';
import { deliveredOrder, issueTestCard, roundFigures } from './test-support.js';

/**
 * The shopper's refund mails of a cash-on-delivery order that gift cards or store credit paid
 * part of (decisions 0063, 0070): what went back to each card (its last four) and to the store
 * credit, and what the owner pays by bank transfer, read through the SMTP test server.
 */
const t = useTestApp({ admin: true, smtp: true });

beforeAll(() => roundFigures(t));

describe('a cash-on-delivery refund mail', () => {
  it("of a return names the card's share by its last four and the bank transfer's (English)", async () => {
    const user = await t.createUser();
    const card = await issueTestCard(t.db, 4000);
    // 98.00: 40.00 by the card, 58.00 collected.
    const { orderId, lineId } = await deliveredOrder(t, user, { giftCards: [card.code] });
    const returnOne = async () => {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/returns`,
        headers: bearer(user),
        payload: { lines: [{ orderItemId: lineId, quantity: 1, reason: 'too-small' }], outcome: 'refund' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const received = await t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${asked.json().return.id}/receive`,
        headers: bearer(t.admin),
        payload: { lines: [{ orderItemId: lineId, quantity: 1, condition: 'resell' }] },
      });
      expect(received.json().return.status, received.body).toBe('refunded');
      await t.effectsRun();
      const reference = received.json().return.reference as string;
      return (await t.smtp.waitFor(user.email, (mail) => mail.subject === `Your return ${reference} is complete`)).text;
    };
    // 49.00, all of it cash: the sentence of a cash refund, no card named.
    const first = await returnOne();
    expect(first).toContain('We refunded you $49.00.');
    expect(first).toContain('As you paid in cash, we will contact you to pay the money back.');
    expect(first).not.toContain('gift card');
    // 49.00 more: the 9.00 of cash left by bank transfer, 40.00 back to the card.
    const second = await returnOne();
    expect(second).toContain(
      `We gave back $40.00 to your gift card ending in ${card.last4}: you can spend it at once.`,
    );
    expect(second).toContain('We pay you $9.00 by bank transfer');
    expect(second).not.toContain('As you paid in cash, we will contact you');
  });

  it("of a complaint's refund names the bank transfer, the store credit and the card (Bulgarian)", async () => {
    const user = await t.createUser({ locale: 'bg' });
    const card = await issueTestCard(t.db, 3000);
    await t.db.transaction((tx) => grantStoreCredit(tx, user.id, 1000, 'Goodwill', 'admin:1'));
    // 98.00: 30.00 by the card, 10.00 of credit, 58.00 collected.
    const { orderId, lineId } = await deliveredOrder(t, user, { giftCards: [card.code], useStoreCredit: true });
    const form = await multipart({ orderItemId: lineId, description: 'Скъсан цип', remedy: 'refund' });
    const filed = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/complaints`,
      headers: { ...bearer(user), ...form.headers },
      payload: form.payload,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id, number } = filed.json().complaint;
    // 70.00: the 58.00 of cash, then 10.00 back to the credit, then 2.00 to the card.
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/complaints/${id}/decide`,
      headers: bearer(t.admin),
      payload: { outcome: 'refund', amount: 70, note: '' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await t.effectsRun();
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject === `Решение по рекламацията ви № ${number}`);
    const money = (amount: number) => intlMoney(amount, 'bg', 'USD');
    expect(mail.text).toContain(`Връщаме ви ${money(70)}.`);
    expect(mail.text).toContain(`Връщаме ви ${money(58)} с банков превод`);
    expect(mail.text).toContain(`Върнахме ${money(10)} като кредит за пазаруване`);
    expect(mail.text).toContain(`Върнахме ${money(2)} по подаръчната ви карта, завършваща на ${card.last4}`);
  });
});
