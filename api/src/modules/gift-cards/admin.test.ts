import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, effects, giftCards } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { groupedCode } from './codes.js';
import { writeEntry } from './ledger.js';
import { issueTestCard } from './test-support.js';

/** The owner's gift cards (YEAR.md section 3): the list and the liability, a gift from the shop, a void, a ledger, the CSV. */
const t = useTestApp({ admin: true, smtp: true });

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(t.admin), ...(payload ? { payload } : {}) });

describe("The owner's gift cards", () => {
  it('gives a card from the shop, lists it masked with the outstanding balance, voids it once, and shows its ledger', async () => {
    const spent = await issueTestCard(t.db, 8000);
    await t.db.transaction((tx) => writeEntry(tx, { cardId: spent.id }, { kind: 'spent', cents: 3000 }));

    const given = await admin('POST', '/api/admin/gift-cards', {
      amount: 40,
      recipientName: 'Eva',
      recipientEmail: 'eva@example.com',
      message: 'Thank you for waiting',
    });
    expect(given.statusCode, given.body).toBe(201);
    const card = given.json<{ id: number; code: string; status: string; balance: number; buyer: null }>();
    expect(card).toMatchObject({ status: 'active', balance: 40, buyer: null });
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(card.code).toBe(`•••• ${row!.last4}`);
    await t.effectsRun();
    expect((await t.smtp.waitFor('eva@example.com')).text).toContain(groupedCode(row!.code));

    const list = await admin('GET', '/api/admin/gift-cards?page=1');
    expect(list.statusCode).toBe(200);
    const page = list.json<{ data: { id: number; balance: number }[]; total: number; outstanding: number }>();
    // The liability is the sum of the balances: 50.00 left of the first, 40.00 of the gift.
    expect(page.outstanding).toBe(90);
    expect(page.data.reduce((sum, each) => sum + each.balance, 0)).toBe(90);
    expect(page.total).toBe(2);
    expect(JSON.stringify(page)).not.toContain(row!.code);

    const voided = await admin('POST', `/api/admin/gift-cards/${card.id}/void`, {
      reason: 'Sent to the wrong address',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'voided', balance: 0 });
    expect((await admin('POST', `/api/admin/gift-cards/${card.id}/void`, {})).statusCode).toBe(409);
    expect((await admin('GET', '/api/admin/gift-cards')).json<{ outstanding: number }>().outstanding).toBe(50);
    // A voided card pays nothing.
    expect((await t.app.inject(`/api/gift-cards/${row!.code}`)).json()).toMatchObject({ balance: 0 });

    const ledger = (await admin('GET', `/api/admin/gift-cards/${card.id}/ledger`)).json<{
      data: { kind: string; amount: number; reason: string | null }[];
      balance: number;
    }>();
    expect(ledger.data.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['issued', 40],
      ['voided', -40],
    ]);
    expect(ledger.balance).toBe(0);
    const actions = (await t.db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['gift-card.issue', 'gift-card.void']));
    expect((await admin('GET', '/api/admin/gift-cards/999999/ledger')).statusCode).toBe(404);
  });

  it('exports every card as CSV, the code masked', async () => {
    const card = await issueTestCard(t.db, 2500);
    const csv = await admin('GET', '/api/admin/gift-cards/export.csv?lang=bg');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(`•••• ${card.last4}`);
    expect(csv.body).toContain('25,00');
    expect(csv.body).not.toContain(card.code);
  });

  it('reminds the recipient 30 days before the expiry, then writes off what is left at the expiry', async () => {
    const given = await admin('POST', '/api/admin/gift-cards', {
      amount: 30,
      recipientName: 'Lia',
      recipientEmail: 'lia@example.com',
    });
    const { id } = given.json<{ id: number }>();
    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.id, id));
    const [reminder] = await t.db
      .select()
      .from(effects)
      .where(eq(effects.key, `mail.gift-card.expiry:${id}`));
    expect(card!.expiresAt.getTime() - reminder!.runAfter.getTime()).toBe(30 * 86_400_000);
    const due = (key: string) =>
      t.db
        .update(effects)
        .set({ runAfter: new Date(Date.now() - 1000) })
        .where(eq(effects.key, key));
    await due(`mail.gift-card.expiry:${id}`);
    await t.effectsRun();
    const mail = await t.smtp.waitFor('lia@example.com', (each) => each.subject.includes('expires in 30 days'));
    expect(mail.text).toContain('$30.00');

    // The day comes: what is left is written off, once.
    await t.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, id));
    await due(`gift-card.expire:${id}`);
    await t.effectsRun();
    const ledger = (await admin('GET', `/api/admin/gift-cards/${id}/ledger`)).json<{
      data: { kind: string; amount: number }[];
      balance: number;
    }>();
    expect(ledger.data.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['issued', 30],
      ['expired', -30],
    ]);
    expect(ledger.balance).toBe(0);
  });

  it("refuses the settings' bad gift card amounts, validity and marketing pace with 400 naming each field, and saves good ones", async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload });
    const bad = await put({
      giftCards: { amounts: [25, 5, 60.5], validityMonths: 6 },
      marketing: { ratePerMinute: 0, abandonedCartHours: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'giftCards.amounts.1',
      'giftCards.amounts.2',
      'giftCards.validityMonths',
      'marketing.abandonedCartHours',
      'marketing.ratePerMinute',
    ]);
    expect((await put({ giftCards: { amounts: [] } })).json().fields).toHaveProperty(['giftCards.amounts']);
    expect((await put({ marketing: { abandonedCartHours: 721 } })).statusCode).toBe(400);

    const good = await put({
      giftCards: { amounts: [150, 20, 20], validityMonths: 36 },
      marketing: { ratePerMinute: 10_000, abandonedCartHours: 0.5 },
    });
    expect(good.statusCode, good.body).toBe(200);
    // Sorted and each once, as the Gift cards page offers them.
    expect([good.json().giftCards, good.json().marketing]).toEqual([
      { amounts: [20, 150], validityMonths: 36 },
      { ratePerMinute: 10_000, abandonedCartHours: 0.5 },
    ]);
    expect((await t.app.inject({ url: '/api/settings' })).json().giftCards).toEqual({
      amounts: [20, 150],
      validityMonths: 36,
    });
  });
});
