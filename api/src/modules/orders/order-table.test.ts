import { randomBytes } from 'node:crypto';
import {
  ORDER_STEPS,
  refusalOf,
  stepResult,
  stepRoute,
  type Fulfilment,
  type OrderFacts,
  type OrderStatus,
  type OrderStep,
  type PaymentMethod,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders, withdrawals } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';

/**
 * The transition table (contract/src/order-steps.ts) against the API: every step the table gives an
 * admin's or a shopper's route, from every state an order can reach, answers as the table says:
 * 2xx and the state it names (with the steps it implies), or 409 with the table's code and reason.
 */
interface State {
  status: OrderStatus;
  fulfilment: Fulfilment;
  method: PaymentMethod;
  awaitsConfirmation?: boolean;
  withdrawn?: boolean;
}

const card = (status: OrderStatus, fulfilment: Fulfilment): State => ({ status, fulfilment, method: 'card' });
const cod = (status: OrderStatus, fulfilment: Fulfilment, awaitsConfirmation = false): State => ({
  status,
  fulfilment,
  method: 'cod',
  awaitsConfirmation,
});

/** Every state the steps can lead to, from a checkout of either kind. */
const REACHABLE: State[] = [
  card('pending', 'unfulfilled'),
  card('cancelled', 'unfulfilled'),
  card('expired', 'unfulfilled'),
  card('failed', 'unfulfilled'),
  ...(['unfulfilled', 'shipped', 'delivered', 'returned'] as const).flatMap((fulfilment) => [
    card('paid', fulfilment),
    card('refunded', fulfilment),
  ]),
  cod('placed', 'unfulfilled'),
  cod('placed', 'unfulfilled', true),
  cod('placed', 'shipped'),
  cod('placed', 'returned'),
  cod('paid', 'delivered'),
  cod('paid', 'returned'),
  cod('cancelled', 'unfulfilled'),
  { ...card('paid', 'delivered'), withdrawn: true },
  { ...cod('placed', 'shipped'), withdrawn: true },
];

/** What each step's route is sent besides the order (a step the table gives a route must be here). */
const BODIES: Partial<Record<OrderStep, Record<string, unknown>>> = {
  ship: { carrier: 'Econt', trackingNumber: '1234567890' },
  cancel: { reason: 'Table' },
  refund: { amount: 1 },
  return: { restock: false },
  withdraw: {},
};

/** Every route the table names: the step, who takes it, and where (`:id` the order's). */
const THROUGH_ROUTES = ORDER_STEPS.flatMap((step) =>
  (['admin', 'shopper'] as const).flatMap((actor) => {
    const route = stepRoute(step, actor);
    return route ? [{ step, actor, route }] : [];
  }),
);

let t: TestApp;
let admin: CreatedUser;
let product: CreatedProduct;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'ADMIN' });
  product = await createProduct(t.db, { stock: 100 });
});
afterAll(() => t.close());

const TOTAL_CENTS = 4_999;

/** An order of its own shopper in `state`, as the steps leave it. */
async function orderIn(state: State) {
  const shopper = await createUser(t.db);
  const now = new Date();
  const [row] = await t.db
    .insert(orders)
    .values({
      userId: shopper.id,
      status: state.status,
      fulfilment: state.fulfilment,
      paymentMethod: state.method,
      currency: 'USD',
      subtotalCents: TOTAL_CENTS,
      totalCents: TOTAL_CENTS,
      refundedCents: state.status === 'refunded' ? TOTAL_CENTS : 0,
      paymentProvider: 'local',
      paymentSessionId: state.method === 'card' ? `cs_local_${randomBytes(16).toString('hex')}` : null,
      confirmationRequired: state.awaitsConfirmation ?? false,
      paidAt: state.status === 'paid' || state.status === 'refunded' ? now : null,
      shippedAt: state.fulfilment === 'unfulfilled' ? null : now,
      deliveredAt: state.fulfilment === 'delivered' ? now : null,
      expiresAt: state.status === 'pending' ? new Date(Date.now() + 3_600_000) : null,
    })
    .returning();
  if (state.withdrawn) {
    await t.db
      .insert(withdrawals)
      .values({ orderId: row!.id, items: [], name: shopper.name, email: shopper.email, via: 'account' });
  }
  await t.db.insert(orderItems).values({
    orderId: row!.id,
    productId: product.id,
    colorId: product.colors[0]!.id,
    name: 'Table Tee',
    colorName: 'Onyx',
    size: 'M',
    unitPriceCents: TOTAL_CENTS,
    quantity: 1,
  });
  return { id: row!.id, shopper };
}

const facts = (state: State): OrderFacts => ({
  status: state.status,
  fulfilment: state.fulfilment,
  paymentMethod: state.method,
  totalCents: TOTAL_CENTS,
  refundedCents: state.status === 'refunded' ? TOTAL_CENTS : 0,
  awaitsConfirmation: state.awaitsConfirmation ?? false,
  withdrawn: state.withdrawn ?? false,
});

const label = (state: State) =>
  `${state.method} ${state.status}/${state.fulfilment}${state.awaitsConfirmation ? ' (to confirm)' : ''}` +
  (state.withdrawn ? ' (withdrawn)' : '');

describe('the order table, step by step through the API', () => {
  it('names a route for every step an admin or a shopper takes, and each route is known here', () => {
    expect(THROUGH_ROUTES.map(({ actor, step }) => `${actor} ${step}`).sort()).toEqual(
      [
        'admin cancel',
        'admin confirm',
        'admin deliver',
        'admin refund',
        'admin return',
        'admin ship',
        'shopper cancel',
        'shopper withdraw',
      ].sort(),
    );
  });

  for (const { step, actor, route } of THROUGH_ROUTES) {
    it(`${actor} ${step} (POST ${route}): from every reachable state, answers as the table says`, async () => {
      for (const state of REACHABLE) {
        const { id, shopper } = await orderIn(state);
        const refusal = refusalOf(step, facts(state), actor);
        const answer = await t.app.inject({
          method: 'POST',
          url: `/api${route.replace(':id', String(id))}`,
          payload: BODIES[step],
          headers: bearer(actor === 'admin' ? admin : shopper),
        });
        const [after] = await t.db.select().from(orders).where(eq(orders.id, id));
        if (refusal) {
          expect(answer.statusCode, `${label(state)}: ${answer.body}`).toBe(409);
          expect(answer.json(), label(state)).toEqual({ error: refusal.message, code: refusal.code });
          expect([after!.status, after!.fulfilment], label(state)).toEqual([state.status, state.fulfilment]);
        } else {
          expect([200, 201], `${label(state)}: ${answer.body}`).toContain(answer.statusCode);
          const next = stepResult(step, facts(state), step === 'refund' ? 100 : undefined);
          expect([after!.status, after!.fulfilment], label(state)).toEqual([next.status, next.fulfilment]);
          const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
          expect(
            events.map((event) => event.type),
            label(state),
          ).toEqual(next.taken.map((taken) => taken.event));
        }
      }
    });
  }
});
