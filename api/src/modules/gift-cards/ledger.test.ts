import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { createCard } from './cards.js';
import { balanceCents, giveBackHeld, grantStoreCredit, spend } from './ledger.js';

/**
 * The one ledger of gift cards and store credit (YEAR.md section 3; decision 0055): balances are
 * sums of entries, never negative under concurrent spending; the owner's goodwill credit.
 */
const t = useTestApp({ admin: true });

const grant = (userId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/store-credit`,
    headers: bearer(t.admin),
    payload,
  });

const newCard = (amountCents: number) =>
  t.db.transaction((tx) =>
    createCard(
      tx,
      {
        amountCents,
        currency: 'USD',
        expiresAt: new Date(Date.now() + 86_400_000),
        buyerId: null,
        recipientName: 'Ana',
        recipientEmail: 'ana@example.com',
        lang: 'en',
      },
      'active',
    ),
  );

describe('store credit', () => {
  it('is given by the owner with a reason, audited, and answered by the profile', async () => {
    const shopper = await t.createUser();
    const before = await t.app.inject({ url: '/api/profile', headers: bearer(shopper) });
    expect(before.json()).toMatchObject({ storeCredit: 0 });

    const first = await grant(shopper.id, { amount: 12.5, reason: 'Late parcel' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ storeCredit: 12.5 });
    // A return's outcome adds to the same balance (the service the returns module calls).
    await t.db.transaction((tx) => grantStoreCredit(tx, shopper.id, 1000, 'Return', 'return:1'));
    const after = await t.app.inject({ url: '/api/profile', headers: bearer(shopper) });
    expect(after.json()).toMatchObject({ storeCredit: 22.5 });

    const audited = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'store-credit.grant'), eq(auditLog.target, `user:${shopper.id}`)));
    expect(audited).toEqual([{ detail: { cents: 1250, reason: 'Late parcel', balanceCents: 1250 } }]);

    // The owner's list of customers shows each account's credit (0 where there is none).
    const listed = await t.app.inject({ url: '/api/admin/users', headers: bearer(t.admin) });
    const rows = listed.json<{ data: { id: number; storeCredit: number }[] }>().data;
    expect(rows.find((row) => row.id === shopper.id)).toMatchObject({ storeCredit: 22.5 });
    expect(rows.find((row) => row.id === t.admin.id)).toMatchObject({ storeCredit: 0 });
  });

  it('refuses an amount of 0, a missing reason (400) and an unknown account (404)', async () => {
    const shopper = await t.createUser();
    expect((await grant(shopper.id, { amount: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await grant(shopper.id, { amount: 5, reason: ' ' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await grant(999_999, { amount: 5, reason: 'x' })).statusCode).toBe(404);
    expect(await balanceCents(t.db, { userId: shopper.id })).toBe(0);
  });
});

describe('the ledger', () => {
  it('gives back what a closed checkout held, once', async () => {
    const shopper = await t.createUser();
    const card = await newCard(5000);
    await t.db.transaction(async (tx) => {
      await grantStoreCredit(tx, shopper.id, 700, 'Return', 'return:2');
      expect(await spend(tx, { cardId: card.id }, 3000, 41)).toBe(3000);
      expect(await spend(tx, { userId: shopper.id }, 3000, 41)).toBe(700);
    });
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(2000);
    await t.db.transaction((tx) => giveBackHeld(tx, [41]));
    await t.db.transaction((tx) => giveBackHeld(tx, [41]));
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(5000);
    expect(await balanceCents(t.db, { userId: shopper.id })).toBe(700);
    const kinds = await t.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, 41));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['given-back', 'given-back', 'spent', 'spent']);
  });

  it('lets 100 spenders at once take exactly the balance, never more', { tags: ['engine'] }, async () => {
    const card = await newCard(25_000);
    // Each wants 3.00 of 250.00: 83 take 3.00, one takes the last 1.00, the rest nothing.
    const taken = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        t.db.transaction((tx) => spend(tx, { cardId: card.id }, 300, 10_000 + index)),
      ),
    );
    expect(taken.reduce((sum, cents) => sum + cents, 0)).toBe(25_000);
    expect(taken.filter((cents) => cents === 300)).toHaveLength(83);
    expect(await balanceCents(t.db, { cardId: card.id })).toBe(0);
  });
});
