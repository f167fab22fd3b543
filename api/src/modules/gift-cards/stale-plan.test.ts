// @module-tag engine: a checkout's transaction run again (one connection on PGlite, a pool on PostgreSQL).
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orderEvents, orders } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import type * as LedgerModule from './ledger.js';
import { issueTestCard, roundFigures } from './test-support.js';

/**
 * A checkout plans what a card pays from its balance read without the card's lock, and takes it
 * under the lock at its end (decision 0097). Another checkout may take from the card in between:
 * here its balance is answered as it was before that other checkout (`stale`), as a checkout that
 * read it just before the other's commit would see it.
 */
const stale = vi.hoisted(() => ({ cardId: 0, cents: 0, times: 0, reads: 0 }));
vi.mock('./ledger.js', async (importOriginal) => {
  const ledger = await importOriginal<typeof LedgerModule>();
  return {
    ...ledger,
    balanceCents: (...args: Parameters<typeof ledger.balanceCents>) => {
      const [, owner] = args;
      if ('cardId' in owner && owner.cardId === stale.cardId) {
        stale.reads += 1;
        if (stale.times > 0) {
          stale.times -= 1;
          return Promise.resolve(stale.cents);
        }
      }
      return ledger.balanceCents(...args);
    },
  };
});

const t = useTestApp({ admin: true });

beforeAll(() => roundFigures(t));

/** A shopper whose cart holds 2 × 49.00. */
async function shopper() {
  const user = await t.createUser();
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 4900, stock: 5 }), { quantity: 2 });
  return user;
}

const checkout = (user: CreatedUser, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', giftCards: [code] },
  });

/** A card of `cents` of which another shopper's checkout of 98.00 took what it could; then read as `cents` `times` times. */
async function cardReadBeforeAnotherCheckout(cents: number, times: number) {
  const card = await issueTestCard(t.db, cents);
  const other = await checkout(await shopper(), card.code);
  expect(other.statusCode).toBe(201);
  Object.assign(stale, { cardId: card.id, cents, times, reads: 0 });
  // Each try writes its order (an id from the sequence, which an undone transaction does not give back).
  return { ...card, otherOrderId: other.json<{ orderId: number }>().orderId };
}

const spentEntries = async (cardId: number) =>
  (
    await t.db
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.cents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.cardId, cardId))
      .orderBy(asc(ledgerEntries.id))
  )
    .filter((entry) => entry.kind === 'spent')
    .map((entry) => entry.cents);

/** The shopper's orders, with the events each has. */
async function ordersOf(user: CreatedUser) {
  const rows = await t.db
    .select({ id: orders.id, status: orders.status, prepaid: orders.prepaidCents })
    .from(orders)
    .where(eq(orders.userId, user.id));
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      events: (
        await t.db.select({ type: orderEvents.type }).from(orderEvents).where(eq(orderEvents.orderId, row.id))
      ).map((event) => event.type),
    })),
  );
}

describe('a checkout whose card paid another checkout after it was read', () => {
  it('runs again: the order its stale plan paid at once is undone, the second try pays what is left', async () => {
    // 150.00, of which the other checkout took 98.00: 52.00 left, read as 150.00 once.
    const card = await cardReadBeforeAnotherCheckout(15_000, 1);
    const user = await shopper();
    const answer = await checkout(user, card.code);
    expect(answer.statusCode, answer.body).toBe(201);
    // Read once per try: the first planned 98.00 (paid at once), found 52.00 under the lock.
    expect(stale.reads).toBe(2);
    expect(answer.json()).toMatchObject({ next: 'payment' });
    const [order, ...others] = await ordersOf(user);
    expect(others).toEqual([]);
    // Nothing of the first try is left: no payment, only the checkout's 52.00 from the card.
    expect(order).toMatchObject({ id: card.otherOrderId + 2, status: 'pending', prepaid: 5200 });
    expect(order!.events).not.toContain('paid');
    expect(await spentEntries(card.id)).toEqual([-9800, -5200]);
  });

  it('is refused as empty when the other took all of it, and leaves no order', async () => {
    const card = await cardReadBeforeAnotherCheckout(9800, 1);
    const user = await shopper();
    const answer = await checkout(user, card.code);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'GIFT_CARD_EMPTY', error: 'Nothing is left on this gift card.' });
    expect(await ordersOf(user)).toEqual([]);
    expect(await spentEntries(card.id)).toEqual([-9800]);
  });

  it('takes the card first on its third try, when every read before was stale: it pays what is left', async () => {
    const card = await cardReadBeforeAnotherCheckout(15_000, 3);
    const user = await shopper();
    const answer = await checkout(user, card.code);
    expect(answer.statusCode, answer.body).toBe(201);
    // Three reads without the lock (each stale), the third try's read again under it.
    expect(stale.reads).toBe(4);
    const [order, ...others] = await ordersOf(user);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ id: card.otherOrderId + 3, status: 'pending', prepaid: 5200 });
    expect(await spentEntries(card.id)).toEqual([-9800, -5200]);
  });
});
