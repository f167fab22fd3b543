import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, effects, orderItems, orders, productReviews } from '../../db/schema.js';
import { catalogKeys } from '../../platform/cache/catalog-cache.js';
import { effectsRun, heard } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedProduct, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { REVIEW_INVITE } from './effect-kinds.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';

const t = useTestApp({ smtp: true, admin: true });

type OrderState = Pick<typeof orders.$inferInsert, 'status' | 'fulfilment' | 'paymentMethod'>;
const DELIVERED: OrderState = { status: 'placed', fulfilment: 'delivered', paymentMethod: 'cod' };

/** An order of `user` holding `product` (colour 0, `size`), in the state given. */
async function orderOf(user: CreatedUser, product: CreatedProduct, state: OrderState = DELIVERED, size = 'M') {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: user.id,
      ...state,
      currency: 'USD',
      subtotalCents: 4999,
      totalCents: 4999,
      paymentProvider: 'local',
      deliveredAt: state.fulfilment === 'delivered' ? new Date() : null,
    })
    .returning();
  await t.db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.id,
    colorId: product.colors[0]!.id,
    name: 'Review Tee',
    colorName: product.colors[0]!.colorName,
    colorNameBg: product.colors[0]!.colorNameBg,
    size,
    unitPriceCents: 4999,
    quantity: 1,
  });
  return order!.id;
}

const review = { rating: 4, fit: 'small', title: 'Warm and soft', body: 'I wear it every day.' };

const post = (user: CreatedUser | null, productId: number, payload: object = review) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: user ? bearer(user) : {},
    payload,
  });

const list = async (productId: number, query = '') => {
  await heard(t.app);
  const answer = await t.app.inject(`/api/products/${productId}/reviews${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

const moderate = (id: number, action: 'publish' | 'hide', as: CreatedUser = t.admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${action}`, headers: bearer(as) });

/** Published reviews of `product` by new buyers, oldest first, a second apart. */
async function published(
  product: CreatedProduct,
  reviews: { rating: number; fit?: 'small' | 'true' | 'large' | null }[],
) {
  const start = Date.now() - reviews.length * 1000;
  for (const [index, { rating, fit = null }] of reviews.entries()) {
    const user = await createUser(t.db, { name: `Buyer Number${index}` });
    await t.db.insert(productReviews).values({
      productId: product.id,
      userId: user.id,
      rating,
      fit,
      title: `Review ${index}`,
      body: 'Fine.',
      size: 'M',
      colorName: 'Onyx',
      status: 'published',
      createdAt: new Date(start + index * 1000),
    });
  }
}

describe('who may review', () => {
  it('refuses anonymous callers, shoppers who never bought it, and orders cancelled or not delivered: 403 NOT_A_BUYER', async () => {
    const product = await createProduct(t.db);
    expect((await post(null, product.id)).statusCode).toBe(401);

    const stranger = await createUser(t.db);
    const never = await post(stranger, product.id);
    expect(never.statusCode).toBe(403);
    expect(never.json()).toMatchObject({ code: 'NOT_A_BUYER' });

    for (const state of [
      { status: 'cancelled', fulfilment: 'unfulfilled', paymentMethod: 'cod' },
      { status: 'paid', fulfilment: 'unfulfilled', paymentMethod: 'card' },
      { status: 'paid', fulfilment: 'shipped', paymentMethod: 'card' },
      { status: 'pending', fulfilment: 'unfulfilled', paymentMethod: 'card' },
    ] as const) {
      const shopper = await createUser(t.db);
      await orderOf(shopper, product, state);
      const answer = await post(shopper, product.id);
      expect(answer.statusCode, JSON.stringify(state)).toBe(403);
      expect(answer.json().code).toBe('NOT_A_BUYER');
    }

    // A delivered order of another product is no purchase of this one.
    const other = await createUser(t.db);
    await orderOf(other, await createProduct(t.db));
    expect((await post(other, product.id)).json().code).toBe('NOT_A_BUYER');
    expect(await t.db.select().from(productReviews).where(eq(productReviews.productId, product.id))).toEqual([]);
  });

  it('takes a buyer of a delivered order once: 201 waiting for moderation, then 409 ALREADY_REVIEWED', async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    await orderOf(buyer, product);
    const first = await post(buyer, product.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending' });
    const again = await post(buyer, product.id, { ...review, title: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVIEWED');
  });

  it('says before the form who may review and why not: a buyer once, not a shopper who never received it nor an admin (issue 45)', async () => {
    const product = await createProduct(t.db);
    const mine = (user: CreatedUser | null) =>
      t.app.inject({ url: `/api/products/${product.id}/reviews/mine`, headers: user ? bearer(user) : {} });
    const buyer = await createUser(t.db);
    await orderOf(buyer, product);
    expect((await mine(buyer)).json()).toEqual({ canReview: true, reason: null });
    expect((await mine(await createUser(t.db))).json()).toEqual({ canReview: false, reason: 'not-a-buyer' });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    expect((await mine(admin)).json()).toEqual({ canReview: false, reason: 'admin' });
    expect((await post(buyer, product.id)).statusCode).toBe(201);
    expect((await mine(buyer)).json()).toEqual({ canReview: false, reason: 'already-reviewed' });
    expect((await mine(null)).statusCode).toBe(401);
  });

  it('keeps one review under a double click', { tags: ['engine'] }, async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    await orderOf(buyer, product);
    const answers = await Promise.all([post(buyer, product.id), post(buyer, product.id), post(buyer, product.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.select().from(productReviews).where(eq(productReviews.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad body with the field at fault', async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    await orderOf(buyer, product);
    const answer = await post(buyer, product.id, { rating: 0, title: ' ', body: 'ok', fit: 'tight' });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().fields).sort()).toEqual(['fit', 'rating', 'title']);
  });
});

describe('moderation', () => {
  it('lists a review only once published, with the size and colour bought, and hides it again', async () => {
    const product = await createProduct(t.db, { colors: ['Onyx'], colorsBg: ['Оникс'] });
    const buyer = await createUser(t.db, { name: 'Maria Petrova' });
    await orderOf(buyer, product, DELIVERED, 'L');
    const { id } = (await post(buyer, product.id)).json();

    expect(await list(product.id)).toEqual({
      data: [],
      total: 0,
      summary: { average: null, count: 0, fit: { small: 0, true: 0, large: 0 }, returned: { small: 0, large: 0 } },
    });
    const pending = await t.app.inject({ url: '/api/admin/reviews?status=pending', headers: bearer(t.admin) });
    expect(pending.json().data).toContainEqual(
      expect.objectContaining({ id, status: 'pending', productId: product.id, email: buyer.email }),
    );

    expect((await moderate(id, 'publish', buyer)).statusCode).toBe(403);
    const publish = await moderate(id, 'publish');
    expect(publish.statusCode, publish.body).toBe(200);
    expect(publish.json()).toMatchObject({ id, status: 'published' });

    expect(await list(product.id)).toEqual({
      data: [
        {
          id,
          rating: 4,
          fit: 'small',
          title: 'Warm and soft',
          body: 'I wear it every day.',
          author: 'Maria P.',
          size: 'L',
          colorName: 'Onyx',
          createdAt: expect.any(String),
        },
      ],
      total: 1,
      summary: { average: 4, count: 1, fit: { small: 1, true: 0, large: 0 }, returned: { small: 0, large: 0 } },
    });
    expect((await list(product.id, '?lang=bg')).data[0].colorName).toBe('Оникс');
    // The product's own answer carries its rating for the cards.
    expect((await t.app.inject(`/api/products/${product.id}`)).json().rating).toEqual({ average: 4, count: 1 });

    expect((await moderate(id, 'hide')).json().status).toBe('hidden');
    expect((await list(product.id)).total).toBe(0);
    expect((await t.app.inject(`/api/products/${product.id}`)).json().rating).toBeNull();
    const hidden = await t.app.inject({ url: '/api/admin/reviews?status=hidden', headers: bearer(t.admin) });
    expect(hidden.json().data.map((row: { id: number }) => row.id)).toContain(id);

    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, t.admin.id), eq(auditLog.target, `review:${id}`)));
    expect(audited.map((row) => row.action)).toEqual(['review.publish', 'review.hide']);
    expect((await moderate(999_999, 'publish')).statusCode).toBe(404);
  });

  it('keeps HTML as the text typed', async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db, { name: '<b>Eve</b> <i>Hacker</i>' });
    await orderOf(buyer, product);
    const text = { rating: 5, title: '<img src=x onerror=alert(1)>', body: '<script>alert("hi")</script> & more' };
    const { id } = (await post(buyer, product.id, text)).json();
    await moderate(id, 'publish');
    const [shown] = (await list(product.id)).data;
    expect(shown).toMatchObject({ ...text, author: '<b>Eve</b> <.' });
  });
});

describe('the summary and paging', () => {
  it('averages the published ratings, counts the fit answers, and pages newest first, 10 a page', async () => {
    const product = await createProduct(t.db);
    const ratings = [5, 4, 4, 3, 5, 5, 2, 4, 5, 4, 3, 5];
    const fits = [
      'small',
      'true',
      'true',
      'large',
      null,
      'true',
      'small',
      'true',
      null,
      'true',
      'large',
      'true',
    ] as const;
    await published(
      product,
      ratings.map((rating, index) => ({ rating, fit: fits[index] })),
    );
    // A pending and a hidden review count nowhere.
    for (const status of ['pending', 'hidden'] as const) {
      await t.db.insert(productReviews).values({
        productId: product.id,
        userId: (await createUser(t.db)).id,
        rating: 1,
        fit: 'large',
        title: status,
        body: status,
        size: 'S',
        colorName: 'Onyx',
        status,
      });
    }

    const first = await list(product.id);
    expect(first.total).toBe(12);
    expect(first.summary).toEqual({
      average: 4.1,
      count: 12,
      fit: { small: 2, true: 6, large: 2 },
      returned: { small: 0, large: 0 },
    });
    expect(first.data.map((row: { title: string }) => row.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Review ${index}`),
    );
    const second = await list(product.id, '?page=2');
    expect(second.data.map((row: { title: string }) => row.title)).toEqual(['Review 1', 'Review 0']);
    expect(second.summary).toEqual(first.summary);
    // Past the last page: 404, not an empty page (each would be an answer of its own to keep).
    const past = await t.app.inject(`/api/products/${product.id}/reviews?page=3`);
    expect(past.statusCode, past.body).toBe(404);
    expect(past.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject(`/api/products/${product.id}/reviews?page=0`)).statusCode).toBe(400);
    expect((await t.app.inject(`/api/products/${product.id}`)).json().rating).toEqual({ average: 4.1, count: 12 });
  });

  it('keeps review pages in a cache of their own, and counts the pages it builds per client as new searches', async () => {
    const product = await createProduct(t.db);
    await published(
      product,
      Array.from({ length: 12 }, () => ({ rating: 5 })),
    );
    await heard(t.app);
    const flood = await Promise.all(
      Array.from({ length: 600 }, (_, index) =>
        t.app.inject({ url: `/api/products/${product.id}/reviews?page=${index + 1}`, remoteAddress: '198.51.100.7' }),
      ),
    );
    const statuses = flood.map((answer) => answer.statusCode);
    // Two pages exist; the pages past them are refused, and once the client has had the shop build
    // SEARCH_RATE_LIMIT (60) answers a minute, 429.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 404)).toHaveLength(t.config.searchRateLimit - 2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(600 - t.config.searchRateLimit);
    const key = (page: number) => `${catalogKeys.productPrefix(product.id)}reviews:en:${page}`;
    expect(t.app.caches.catalogue.has(key(2))).toBe(true);
    expect(t.app.caches.catalogue.has(key(3))).toBe(false);
    // Not among the catalogue's own answers (the products and their pages).
    expect(t.app.caches.catalogue.lookup(key(2))).toBeUndefined();
    // Pages already kept are answered to anyone, however often, without counting.
    for (let again = 0; again < 100; again += 1) {
      const kept = await t.app.inject({
        url: `/api/products/${product.id}/reviews?page=${(again % 2) + 1}`,
        remoteAddress: '198.51.100.7',
      });
      expect(kept.statusCode).toBe(200);
    }
  });

  it('answers 404 for a product that is not shown', async () => {
    const hidden = await createProduct(t.db, { published: false });
    expect((await t.app.inject(`/api/products/${hidden.id}/reviews`)).statusCode).toBe(404);
  });
});

describe('the account export', () => {
  it("holds the shopper's own reviews, whatever their state", async () => {
    const product = await createProduct(t.db, { name: 'Export Tee' });
    const buyer = await createUser(t.db);
    await orderOf(buyer, product);
    const { id } = (await post(buyer, product.id)).json();
    const exported = await t.app.inject({ url: '/api/profile/export', headers: bearer(buyer) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().reviews).toEqual([
      expect.objectContaining({
        id,
        productId: product.id,
        productName: 'Export Tee',
        status: 'pending',
        title: review.title,
      }),
    ]);
  });
});

describe('the invitation to review', () => {
  it("is mailed once, a week after delivery, in the order's language, with plain links to what is left to review", async () => {
    const buyer = await createUser(t.db, { name: 'Ana Petrova' });
    const tee = await createProduct(t.db, { name: 'Tee <Noir>', bgName: 'Тениска <Ноар>' });
    const hoodie = await createProduct(t.db, { name: 'Hoodie Noir', bgName: 'Суитшърт Ноар' });
    await addCartLine(t.db, buyer, tee);
    await addCartLine(t.db, buyer, hoodie);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session?lang=bg',
      headers: bearer(buyer),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId as number;
    const step = (action: string, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/${action}`,
        headers: bearer(t.admin),
        payload,
      });
    expect((await step('ship', { carrier: 'Speedy', trackingNumber: 'R1' })).statusCode).toBe(200);
    const delivered = new Date();
    expect((await step('deliver')).statusCode).toBe(200);

    const invites = await t.db
      .select()
      .from(effects)
      .where(eq(effects.key, REVIEW_INVITE.key(orderId)));
    expect(invites).toHaveLength(1);
    const due = invites[0]!.runAfter.getTime() - delivered.getTime();
    expect(due).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(due).toBeLessThan(7 * 86_400_000 + 60_000);
    await effectsRun(t.app);
    expect(t.smtp.messages.filter((mail) => /отзив/i.test(mail.subject + mail.text))).toEqual([]);

    // The buyer reviews the hoodie before the week is out: the mail names only the tee.
    expect((await post(buyer, hoodie.id)).statusCode).toBe(201);
    await t.db.update(effects).set({ runAfter: new Date() }).where(eq(effects.id, invites[0]!.id));
    await effectsRun(t.app);
    const mail = await t.smtp.waitFor(buyer.email, (m) => /Как ви стои/.test(m.subject));
    expect(mail.text).toContain(`Тениска <Ноар>: http://shop.test/product/${tee.id}`);
    expect(mail.text).not.toContain('Суитшърт');
    expect(mail.html).toContain('Тениска &lt;Ноар&gt;');
    expect(mail.html).not.toContain('<Ноар>');
    const [done] = await t.db.select().from(effects).where(eq(effects.id, invites[0]!.id));
    expect(done!.doneAt).not.toBeNull();
  });
});
