// @module-tag engine: races between transactions (one connection on PGlite, a pool on PostgreSQL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/**
 * Double clicks, second tabs and payments racing checkouts: whatever the interleaving, one cart
 * is paid at most once, and a shopper has at most one order waiting for payment.
 */
const t = useTestApp();

const ROUNDS = 10;

const startCheckout = (user: CreatedUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY },
  });

const pay = (sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ana',
  });

async function ordersOf(user: CreatedUser) {
  const rows = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.userId, user.id));
  return {
    paid: rows.filter((row) => row.status === 'paid').length,
    pending: rows.filter((row) => row.status === 'pending').length,
  };
}

async function shopperWithCart() {
  const user = await createUser(t.db);
  await addCartLine(t.db, user, await createProduct(t.db), { quantity: 2 });
  return user;
}

describe('concurrent checkouts of one cart', () => {
  it(`never leave two paid orders: ${ROUNDS} rounds of two simultaneous checkouts, then both paid at once`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await shopperWithCart();
      const checkouts = await Promise.all([startCheckout(user), startCheckout(user)]);
      expect(checkouts.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect((await ordersOf(user)).pending).toBe(1);
      const payments = await Promise.all(checkouts.map((answer) => pay(answer.json().sessionId as string)));
      expect(payments.map((answer) => answer.statusCode).sort()).toEqual([303, 409]);
      expect(await ordersOf(user)).toEqual({ paid: 1, pending: 0 });
    }
  });

  it(`never leave two paid orders when a payment races a new checkout: ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await shopperWithCart();
      const first = (await startCheckout(user)).json<{ sessionId: string }>();
      const [paid, second] = await Promise.all([pay(first.sessionId), startCheckout(user)]);
      if (second.statusCode === 201) {
        // The new checkout came first: the old session is closed, the new one can be paid.
        expect(paid.statusCode).toBe(409);
        expect((await pay(second.json().sessionId as string)).statusCode).toBe(303);
      } else {
        // The payment came first and took the lines off the cart: nothing is left to order.
        expect(paid.statusCode).toBe(303);
        expect(second.json().code).toBe('CART_EMPTY');
      }
      expect(await ordersOf(user)).toEqual({ paid: 1, pending: 0 });
    }
  });
});
