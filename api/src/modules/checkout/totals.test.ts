import { orderTotals } from '@shop/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, shopSettings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct } from '../../test/factories.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

/**
 * The one-statement checkout stores what the contract's pure orderTotals says, to the cent, over
 * random carts and settings: the web shows it before, the provider is asked for it, documents
 * print it (docs/decisions/0032).
 */
let t: TestApp;
let products: CreatedProduct[];
beforeAll(async () => {
  t = await createTestApp();
  const prices = [1, 99, 450, 1_999, 4_999, 12_345, 99_999];
  products = [];
  for (const priceCents of prices) products.push(await createProduct(t.db, { priceCents }));
});
afterAll(() => t.close());

const OFFICE = { ...TEST_DELIVERY, method: 'office', line1: undefined, office: 'Econt office Sofia Center' };

describe('checkout totals', () => {
  it('equal orderTotals over random carts, delivery settings and payment methods', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ product: fc.nat(6), quantity: fc.integer({ min: 1, max: 10 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.record({
          addressCents: fc.integer({ min: 0, max: 2_000 }),
          officeCents: fc.integer({ min: 0, max: 2_000 }),
          freeFromCents: fc.option(fc.integer({ min: 0, max: 200_000 })),
          codFeeCents: fc.integer({ min: 0, max: 500 }),
        }),
        fc.constantFrom('address', 'office'),
        fc.constantFrom('card', 'cod'),
        async (cart, settings, method, paymentMethod) => {
          await t.db
            .update(shopSettings)
            .set({
              deliveryAddressCents: settings.addressCents,
              deliveryOfficeCents: settings.officeCents,
              freeDeliveryFromCents: settings.freeFromCents,
              codFeeCents: settings.codFeeCents,
            })
            .where(eq(shopSettings.id, 1));
          const shopper = await createUser(t.db);
          // One line per product (the cart merges a product's colour and size into one line).
          const lines = new Map<number, number>();
          for (const line of cart)
            lines.set(line.product, Math.min(10, (lines.get(line.product) ?? 0) + line.quantity));
          for (const [index, quantity] of lines) await addCartLine(t.db, shopper, products[index]!, { quantity });
          const answer = await t.app.inject({
            method: 'POST',
            url: '/api/checkout/session',
            headers: bearer(shopper),
            payload: { delivery: method === 'office' ? OFFICE : TEST_DELIVERY, paymentMethod },
          });
          expect(answer.statusCode, answer.body).toBe(201);
          const [stored] = await t.db.select().from(orders).where(eq(orders.id, answer.json().orderId));
          const expected = orderTotals({
            lines: [...lines].map(([index, quantity]) => ({ unitPriceCents: products[index]!.priceCents, quantity })),
            delivery: {
              priceCents: method === 'office' ? settings.officeCents : settings.addressCents,
              freeFromCents: settings.freeFromCents,
            },
            codFeeCents: paymentMethod === 'cod' ? settings.codFeeCents : 0,
            vatRatePercent: 20,
          });
          expect({
            subtotalCents: stored!.subtotalCents,
            deliveryCents: stored!.deliveryCents,
            codFeeCents: stored!.codFeeCents,
            totalCents: stored!.totalCents,
          }).toEqual({
            subtotalCents: expected.subtotalCents,
            deliveryCents: expected.deliveryCents,
            codFeeCents: expected.codFeeCents,
            totalCents: expected.totalCents,
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});
