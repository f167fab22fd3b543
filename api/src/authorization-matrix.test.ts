import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.js';
import {
  auditLog,
  campaigns,
  cartItems,
  complaints,
  discountCodes,
  effects,
  newsletterSubscribers,
  orderItems,
  orders,
  passwordResets,
  productSales,
  productReviews,
  recalls,
  returnLines,
  returns,
  sessions,
  stockAlerts,
  wishlistItems,
  withdrawalRequests,
  withdrawals,
} from './db/schema.js';
import { storeImage } from './platform/files/images.js';
import { generateToken, hashToken } from './platform/security/tokens.js';
import { createTestApp, type TestApp } from './test/app.js';
import { createProduct, createUser, type CreatedUser } from './test/factories.js';
import { parseMail } from './test/smtp.js';
import { TEST_DELIVERY } from './modules/payments/test-support.js';
import { issueTestCard } from './modules/gift-cards/test-support.js';
import { multipart, testImage } from './test/uploads.js';

/**
 * Every route of the app × every kind of caller, from ONE table. A route without a row fails
 * the first test by name: whoever adds a route decides here who may call it.
 *
 * Objects that belong to someone (cart lines, wishlist items, orders) belong to user A, so
 * user B, the admin and the root admin must not reach them (404, as for anything unknown).
 * Each request gets fresh fixtures and a fresh session, so one caller's write or logout never
 * changes what the next caller sees.
 */
const ACTORS = ['anonymous', 'userA', 'userB', 'admin', 'root'] as const;
type Actor = (typeof ACTORS)[number];
type Expected = Record<Actor, number>;

const everyone = (status: number): Expected => ({
  anonymous: status,
  userA: status,
  userB: status,
  admin: status,
  root: status,
});
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
const adminsOnly = (status: number): Expected => ({
  anonymous: 401,
  userA: 403,
  userB: 403,
  admin: status,
  root: status,
});
/** The root admin's alone: an admin is refused (403) as a shopper is. */
const rootOnly = (status: number): Expected => ({ ...adminsOnly(status), admin: 403 });
const userAOnly = (status: number): Expected => ({ anonymous: 401, userA: status, userB: 404, admin: 404, root: 404 });

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

interface Fixtures {
  app: App;
  t: TestApp;
  users: Record<Exclude<Actor, 'anonymous'>, CreatedUser>;
  /** The signed-in user of `actor` (user A for anonymous, whose requests carry no token anyway). */
  userOf(actor: Actor): CreatedUser;
}

interface RouteRule {
  expect: Expected;
  /** Builds the request one actor sends: a valid one, so only authorization can stop it. */
  request(f: Fixtures, actor: Actor): Promise<Request> | Request;
}

const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object): Request => ({ method, url, payload });

async function form(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string | number>,
  files = {},
): Promise<Request> {
  const body = await multipart(fields, files);
  return { method, url, payload: body.payload, headers: body.headers };
}

/** A different address per request: per-IP rate limits belong to other tests. */
const randomAddress = () => `10.${randomBytes(3).join('.')}`;
const freshEmail = () => `matrix-${randomBytes(6).toString('hex')}@example.com`;

/** A new discount code of its own, straight in the database: its id. */
async function discountCode(f: Fixtures): Promise<number> {
  const [code] = await f.t.db
    .insert(discountCodes)
    .values({ code: `M-${randomBytes(6).toString('hex')}`, kind: 'percent', value: 10 })
    .returning({ id: discountCodes.id });
  return code!.id;
}

async function cartLine(f: Fixtures, owner: CreatedUser) {
  const product = await createProduct(f.t.db);
  const [line] = await f.t.db
    .insert(cartItems)
    .values({ userId: owner.id, productId: product.id, colorId: product.colors[0]!.id, size: 'M', quantity: 1 })
    .returning();
  return line!;
}

const INVOICE = {
  companyName: 'Клиент ЕООД',
  companyId: '020469788',
  address: 'бул. Витоша 10',
  city: 'София',
  country: 'BG',
};

async function order(
  f: Fixtures,
  owner: CreatedUser,
  status: 'pending' | 'paid' | 'placed',
  fulfilment: 'unfulfilled' | 'shipped' = 'unfulfilled',
) {
  // A shopper has one open checkout at most: each pending order gets a shopper of its own.
  if (status === 'pending') owner = await createUser(f.t.db);
  const product = await createProduct(f.t.db);
  const sessionId = `cs_local_${randomBytes(16).toString('hex')}`;
  const [row] = await f.t.db
    .insert(orders)
    .values({
      userId: owner.id,
      status,
      fulfilment,
      paymentMethod: status === 'placed' ? 'cod' : 'card',
      currency: 'USD',
      subtotalCents: 4999,
      totalCents: 4999,
      paymentProvider: 'local',
      paymentSessionId: sessionId,
    })
    .returning();
  await f.t.db.insert(orderItems).values({
    orderId: row!.id,
    productId: product.id,
    colorId: product.colors[0]!.id,
    name: 'Matrix Tee',
    colorName: 'Onyx',
    size: 'M',
    unitPriceCents: 4999,
    quantity: 1,
  });
  return { id: row!.id, reference: row!.reference, sessionId };
}

/** A return of the one line of a fresh order of user A's, delivered today. */
async function returnRequest(f: Fixtures, path: 'returns' | 'returns/quote'): Promise<Request> {
  const { id } = await order(f, f.users.userA, 'paid', 'shipped');
  await f.t.db.update(orders).set({ fulfilment: 'delivered', deliveredAt: new Date() }).where(eq(orders.id, id));
  const [line] = await f.t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
  return json('POST', `/api/orders/${id}/${path}`, {
    lines: [{ orderItemId: line!.id, quantity: 1, reason: 'too-small' }],
    outcome: 'refund',
  });
}

/** A store-credit return of user A's delivered line, straight in the database, in `status`; its id and line. */
async function aReturn(f: Fixtures, status: 'requested' | 'approved') {
  const line = await deliveredLine(f);
  const [row] = await f.t.db
    .insert(returns)
    .values({
      reference: `M${randomBytes(5).toString('hex')}-R1`,
      orderId: line.orderId,
      userId: f.users.userA.id,
      status,
      outcome: 'store-credit',
      refundCents: 100,
    })
    .returning({ id: returns.id });
  await f.t.db
    .insert(returnLines)
    .values({ returnId: row!.id, orderItemId: line.orderItemId, quantity: 1, reason: 'too-small' });
  return { id: row!.id, orderItemId: line.orderItemId };
}

const RECALL_TEXTS = {
  title: { en: 'Recall', bg: 'Изземване' },
  hazard: { en: 'Sharp.', bg: 'Остър.' },
  remedy: { en: 'Refund.', bg: 'Връщане.' },
};

/** A published recall notice, straight in the database. */
async function recall(f: Fixtures): Promise<number> {
  const text = RECALL_TEXTS.title;
  const [row] = await f.t.db
    .insert(recalls)
    .values({
      productId: 1,
      ...RECALL_TEXTS,
      product: { name: text, styleCode: '', imageUrl: '', brand: '' },
      contact: { name: '', email: '', phone: '', address: '' },
    })
    .returning({ id: recalls.id });
  return row!.id;
}

/** One of user A's orders, delivered now, and its line (a complaint's subject). */
async function deliveredLine(f: Fixtures) {
  const { id } = await order(f, f.users.userA, 'placed', 'shipped');
  await f.t.db.update(orders).set({ fulfilment: 'delivered', deliveredAt: new Date() }).where(eq(orders.id, id));
  const [line] = await f.t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
  return { orderId: id, orderItemId: line!.id };
}

/** A complaint about it in the register, straight in the database (`decided` as a repair: one to mark repaired). */
async function complaint(f: Fixtures, decided = false): Promise<number> {
  const [row] = await f.t.db
    .insert(complaints)
    .values({
      ...(await deliveredLine(f)),
      number: String(randomBytes(4).readUInt32BE()).padStart(10, '0'),
      description: 'Torn seam',
      remedy: 'repair',
      dueAt: new Date(Date.now() + 86_400_000),
      ...(decided ? { status: 'decided' as const, outcome: 'repair' as const, decidedAt: new Date() } : {}),
    })
    .returning({ id: complaints.id });
  return row!.id;
}

/** A draft campaign (or one scheduled in a day), straight in the database. */
async function campaign(f: Fixtures, scheduled = false): Promise<number> {
  const [row] = await f.t.db
    .insert(campaigns)
    .values({
      subject: { en: 'Sale', bg: 'Намаление' },
      text: { en: 'All.', bg: 'Всичко.' },
      ...(scheduled ? { status: 'scheduled' as const, scheduledAt: new Date(Date.now() + 86_400_000) } : {}),
    })
    .returning({ id: campaigns.id });
  return row!.id;
}
const CAMPAIGN = {
  subject: { en: 'Sale', bg: 'Намаление' },
  text: { en: 'All.', bg: 'Всичко.' },
  audience: { kind: 'language', value: 'bg' },
};

/** The token of a fresh public withdrawal request of one of user A's orders (as the mailed link carries it). */
async function withdrawalLink(f: Fixtures): Promise<string> {
  const token = generateToken();
  await f.t.db.insert(withdrawalRequests).values({
    orderId: (await order(f, f.users.userA, 'placed')).id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
    name: 'Matrix Shopper',
  });
  return token;
}

/** A fresh address on the newsletter's list, pending: its confirmation token and its unsubscribe token. */
async function newsletterTokens(f: Fixtures): Promise<{ confirm: string; unsubscribe: string }> {
  const confirm = generateToken();
  const unsubscribe = generateToken(24);
  await f.t.db.insert(newsletterSubscribers).values({
    email: `matrix-${randomBytes(6).toString('hex')}@example.com`,
    lang: 'en',
    status: 'pending',
    source: 'footer',
    confirmTokenHash: hashToken(confirm),
    confirmExpiresAt: new Date(Date.now() + 3_600_000),
    unsubscribeToken: unsubscribe,
  });
  return { confirm, unsubscribe };
}

/** The code of the latest mail to `email` in the outbox. */
async function mailedCode(f: Fixtures, email: string): Promise<string> {
  const dir = join(f.t.dataDir, 'outbox');
  for (const name of (await readdir(dir)).sort().reverse()) {
    const mail = parseMail(await readFile(join(dir, name), 'utf8'));
    const code = mail.headers.to?.includes(email) ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email}`);
}

/** A product `owner` received (a delivered order holds it): they may review it. */
async function deliveredProduct(f: Fixtures, owner: CreatedUser): Promise<number> {
  const product = await createProduct(f.t.db);
  const [row] = await f.t.db
    .insert(orders)
    .values({
      userId: owner.id,
      status: 'placed',
      fulfilment: 'delivered',
      paymentMethod: 'cod',
      currency: 'USD',
      subtotalCents: 4999,
      totalCents: 4999,
      paymentProvider: 'local',
    })
    .returning();
  await f.t.db.insert(orderItems).values({
    orderId: row!.id,
    productId: product.id,
    colorId: product.colors[0]!.id,
    name: 'Matrix Tee',
    colorName: 'Onyx',
    size: 'M',
    unitPriceCents: 4999,
    quantity: 1,
  });
  return product.id;
}

/** A review waiting for moderation, by a shopper of its own. */
async function pendingReview(f: Fixtures): Promise<number> {
  const product = await createProduct(f.t.db);
  const [review] = await f.t.db
    .insert(productReviews)
    .values({
      productId: product.id,
      userId: (await createUser(f.t.db)).id,
      rating: 4,
      title: 'Matrix review',
      body: 'Fits well.',
      size: 'M',
      colorName: 'Onyx',
    })
    .returning();
  return review!.id;
}

const ROUTES: Record<string, RouteRule> = {
  // Shop and catalogue: public.
  'GET /api/health': { expect: everyone(200), request: () => ({ url: '/api/health' }) },
  'GET /api/health/ready': { expect: everyone(200), request: () => ({ url: '/api/health/ready' }) },
  // Operators only, by METRICS_TOKEN (not by role); unset, as in this app, the route is not there for anyone.
  'GET /api/metrics': { expect: everyone(404), request: () => ({ url: '/api/metrics' }) },
  // For search engines: public.
  'GET /sitemap.xml': { expect: everyone(200), request: () => ({ url: '/sitemap.xml' }) },
  // Product feeds for ads (issue 52): public, as Merchant Center and Commerce Manager fetch them.
  'GET /feeds/google.xml': { expect: everyone(200), request: () => ({ url: '/feeds/google.xml?lang=bg' }) },
  'GET /feeds/meta.csv': { expect: everyone(200), request: () => ({ url: '/feeds/meta.csv?lang=en' }) },
  'GET /robots.txt': { expect: everyone(200), request: () => ({ url: '/robots.txt' }) },
  'GET /api/categories': { expect: everyone(200), request: () => ({ url: '/api/categories' }) },
  'GET /api/products': { expect: everyone(200), request: () => ({ url: '/api/products' }) },
  'GET /api/products/:id': {
    expect: everyone(200),
    request: async (f) => ({ url: `/api/products/${(await createProduct(f.t.db)).id}` }),
  },
  'GET /files/:id': {
    expect: everyone(200),
    request: async (f) => ({ url: (await storeImage(f.t.db, await testImage('#404040'), 'product')).url }),
  },

  // Reviews: anyone reads the published ones; a buyer writes one (each caller reviews a product they received).
  'GET /api/products/:id/reviews': {
    expect: everyone(200),
    request: async (f) => ({ url: `/api/products/${(await createProduct(f.t.db)).id}/reviews` }),
  },
  // Whether the caller may write one: every signed-in caller gets an answer (an admin's says why not).
  'GET /api/products/:id/reviews/mine': {
    expect: signedIn(200),
    request: async (f) => ({ url: `/api/products/${(await createProduct(f.t.db)).id}/reviews/mine` }),
  },
  'POST /api/products/:id/reviews': {
    expect: signedIn(201),
    request: async (f, actor) =>
      json('POST', `/api/products/${await deliveredProduct(f, f.userOf(actor))}/reviews`, {
        rating: 5,
        title: 'Lovely',
        body: 'Soft and warm.',
      }),
  },
  'GET /api/admin/reviews': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/reviews?status=pending' }) },
  'POST /api/admin/reviews/:id/publish': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/reviews/${await pendingReview(f)}/publish` }),
  },
  'POST /api/admin/reviews/:id/hide': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/reviews/${await pendingReview(f)}/hide` }),
  },

  // The terms popup's form without JavaScript: anyone, from the shop's own pages.
  'POST /accept-terms': {
    expect: everyone(303),
    request: () => ({
      method: 'POST',
      url: '/accept-terms',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'accepted=on',
    }),
  },

  // Accounts: public, except logout.
  'POST /api/auth/signup': {
    expect: everyone(201),
    request: () =>
      json('POST', '/api/auth/signup', {
        name: 'New Shopper',
        email: freshEmail(),
        password: 'a long and unusual pass',
      }),
  },
  'POST /api/auth/verify-otp': {
    expect: everyone(200),
    request: async (f) => {
      const email = freshEmail();
      const signup = await f.app.inject({
        ...json('POST', '/api/auth/signup', { name: 'New Shopper', email, password: 'a long and unusual pass' }),
        remoteAddress: randomAddress(),
      });
      expect(signup.statusCode).toBe(201);
      return json('POST', '/api/auth/verify-otp', { email, otp: await mailedCode(f, email) });
    },
  },
  'POST /api/auth/resend-otp': {
    expect: everyone(200),
    request: async (f) =>
      json('POST', '/api/auth/resend-otp', { email: (await createUser(f.t.db, { verified: false })).email }),
  },
  'POST /api/auth/login': {
    expect: everyone(200),
    request: async (f) => {
      const user = await createUser(f.t.db);
      return json('POST', '/api/auth/login', { email: user.email, password: user.password });
    },
  },
  'POST /api/auth/logout': { expect: signedIn(204), request: () => ({ method: 'POST', url: '/api/auth/logout' }) },
  'POST /api/auth/reset-password': {
    expect: everyone(200),
    request: async (f) => json('POST', '/api/auth/reset-password', { email: (await createUser(f.t.db)).email }),
  },
  'POST /api/auth/update-password': {
    expect: everyone(200),
    request: async (f) => {
      const resetToken = generateToken();
      await f.t.db.insert(passwordResets).values({
        userId: (await createUser(f.t.db)).id,
        tokenHash: hashToken(resetToken),
        expiresAt: new Date(Date.now() + 600_000),
      });
      return json('POST', '/api/auth/update-password', { resetToken, newPassword: 'another long passphrase' });
    },
  },

  // The signed-in user's own things.
  'GET /api/profile': { expect: signedIn(200), request: () => ({ url: '/api/profile' }) },
  'PUT /api/profile': {
    expect: signedIn(200),
    request: () =>
      json('PUT', '/api/profile', { name: 'Renamed Shopper', address: '1 Vitosha Blvd', phone: '+359 88 123 4567' }),
  },
  'GET /api/profile/export': { expect: signedIn(200), request: () => ({ url: '/api/profile/export' }) },
  // A wrong password: the fixtures' accounts must outlive the request (the deletion itself: privacy.test.ts).
  'DELETE /api/profile': {
    expect: { ...signedIn(400), root: 403 },
    request: () => ({ method: 'DELETE', url: '/api/profile', payload: { password: 'not the password' } }),
  },
  'POST /api/profile/upload': {
    expect: signedIn(200),
    request: async () => form('POST', '/api/profile/upload', {}, { profilePicture: await testImage('#7a7a7a') }),
  },
  'PUT /api/profile/save': {
    expect: signedIn(200),
    request: async (f, actor) => {
      // The actor's own upload (for anonymous, user A's: refused before it matters).
      const upload = await form('POST', '/api/profile/upload', {}, { profilePicture: await testImage('#7b7b7b') });
      const uploaded = await send(actor === 'anonymous' ? 'userA' : actor, upload);
      return json('PUT', '/api/profile/save', { profilePicture: uploaded.json().previewPath });
    },
  },
  'GET /api/cart': { expect: signedIn(200), request: () => ({ url: '/api/cart' }) },
  'POST /api/cart': {
    expect: signedIn(201),
    request: async (f) => {
      const product = await createProduct(f.t.db);
      return json('POST', '/api/cart', {
        productId: product.id,
        selectedSize: 'M',
        selectedColor: product.colors[0]!.id,
        quantity: 1,
      });
    },
  },
  'PATCH /api/cart/:cartItemId': {
    expect: userAOnly(200),
    request: async (f) => json('PATCH', `/api/cart/${(await cartLine(f, f.users.userA)).id}`, { quantity: 2 }),
  },
  'DELETE /api/cart/:cartItemId': {
    expect: userAOnly(204),
    request: async (f) => ({ method: 'DELETE', url: `/api/cart/${(await cartLine(f, f.users.userA)).id}` }),
  },
  'GET /api/wishlist': { expect: signedIn(200), request: () => ({ url: '/api/wishlist' }) },
  'POST /api/wishlist': {
    expect: signedIn(201),
    request: async (f) => {
      const product = await createProduct(f.t.db);
      return json('POST', '/api/wishlist', {
        productId: product.id,
        selectedSize: 'S',
        selectedColor: product.colors[0]!.id,
        quantity: 1,
      });
    },
  },
  'DELETE /api/wishlist/:id': {
    expect: userAOnly(204),
    request: async (f) => {
      const product = await createProduct(f.t.db);
      const [item] = await f.t.db
        .insert(wishlistItems)
        .values({ userId: f.users.userA.id, productId: product.id, colorId: product.colors[0]!.id, size: 'S' })
        .returning();
      return { method: 'DELETE', url: `/api/wishlist/${item!.id}` };
    },
  },

  // Back-in-stock alerts: the shopper's own.
  'GET /api/stock-alerts': { expect: signedIn(200), request: () => ({ url: '/api/stock-alerts' }) },
  'POST /api/stock-alerts': {
    expect: signedIn(201),
    request: async (f) => {
      const product = await createProduct(f.t.db, { stock: 0 });
      return json('POST', '/api/stock-alerts', {
        productId: product.id,
        colorId: product.colors[0]!.id,
        size: product.sizes[0],
      });
    },
  },
  'DELETE /api/stock-alerts/:id': {
    expect: userAOnly(204),
    request: async (f) => {
      const product = await createProduct(f.t.db, { stock: 0 });
      const [alert] = await f.t.db
        .insert(stockAlerts)
        .values({ userId: f.users.userA.id, productId: product.id, colorId: product.colors[0]!.id, size: 'M' })
        .returning();
      return { method: 'DELETE', url: `/api/stock-alerts/${alert!.id}` };
    },
  },

  // Checkout, payment and orders.
  'GET /api/checkout': { expect: everyone(200), request: () => ({ url: '/api/checkout' }) },
  'POST /api/checkout/quote': {
    expect: signedIn(200),
    request: async (f, actor) => {
      await cartLine(f, f.userOf(actor));
      return json('POST', '/api/checkout/quote', { deliveryMethod: 'office' });
    },
  },
  'POST /api/checkout/session': {
    expect: signedIn(201),
    request: async (f, actor) => {
      await cartLine(f, f.userOf(actor));
      return json('POST', '/api/checkout/session', { delivery: TEST_DELIVERY });
    },
  },
  // Only the payment provider may call it, and proves it by signature, not by session: unsigned is refused for all.
  'POST /api/payments/webhook': {
    expect: everyone(400),
    request: () => json('POST', '/api/payments/webhook', { type: 'checkout.session.completed' }),
  },
  // The built-in payment page: the unguessable session id is the capability, as on a hosted provider page.
  'GET /pay/:sessionId': {
    expect: everyone(200),
    request: async (f) => ({ url: `/pay/${(await order(f, f.users.userA, 'pending')).sessionId}` }),
  },
  'POST /pay/:sessionId': {
    expect: everyone(303),
    request: async (f) => ({
      method: 'POST',
      url: `/pay/${(await order(f, f.users.userA, 'pending')).sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F40&cvc=123&name=A+Shopper',
    }),
  },
  'POST /pay/:sessionId/cancel': {
    expect: everyone(303),
    request: async (f) => ({
      method: 'POST',
      url: `/pay/${(await order(f, f.users.userA, 'pending')).sessionId}/cancel`,
    }),
  },
  'GET /api/orders': { expect: signedIn(200), request: () => ({ url: '/api/orders' }) },
  'GET /api/orders/:id': {
    expect: userAOnly(200),
    request: async (f) => ({ url: `/api/orders/${(await order(f, f.users.userA, 'paid')).id}` }),
  },
  'GET /api/orders/:id/documents': {
    expect: { ...userAOnly(200), admin: 200, root: 200 },
    request: async (f) => ({ url: `/api/orders/${(await order(f, f.users.userA, 'paid')).id}/documents` }),
  },
  // The signed link is the key (no token): a link not signed by the shop opens nothing for anyone (any kind).
  'GET /api/documents/:kind/:id/pdf': {
    expect: everyone(403),
    request: () => ({ url: '/api/documents/credit-note/1/pdf?expires=4102444800&sig=not-the-shops' }),
  },
  // Invoices (TRADE.md section 3): the owner's paid order gets its invoice at once, an admin's too.
  'POST /api/orders/:id/invoice': {
    expect: userAOnly(201),
    request: async (f) => json('POST', `/api/orders/${(await order(f, f.users.userA, 'paid')).id}/invoice`, INVOICE),
  },
  'POST /api/admin/orders/:id/invoice': {
    expect: adminsOnly(202),
    request: async (f) =>
      json('POST', `/api/admin/orders/${(await order(f, f.users.userA, 'placed')).id}/invoice`, INVOICE),
  },
  'GET /api/admin/documents': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/documents?kind=invoice' }),
  },
  'GET /api/admin/documents/ledger.csv': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/documents/ledger.csv?from=2026-01-01' }),
  },
  // The fresh database has no records settings yet: admins reach the service and hear what is missing.
  'GET /api/admin/records/audit-file': {
    expect: adminsOnly(409),
    request: () => ({ url: '/api/admin/records/audit-file?year=2026&month=3' }),
  },
  'GET /api/admin/records/month': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/records/month?year=2026&month=3' }),
  },
  'POST /api/orders/:id/cancel': {
    expect: userAOnly(200),
    request: async (f) => {
      // userA's one open checkout (a shopper has one at most): the earlier row's is cancelled first.
      await f.t.db
        .update(orders)
        .set({ status: 'cancelled' })
        .where(and(eq(orders.userId, f.users.userA.id), eq(orders.status, 'pending')));
      const id = (await order(f, f.users.userA, 'paid')).id;
      await f.t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, id));
      return { method: 'POST', url: `/api/orders/${id}/cancel` };
    },
  },
  // The withdrawal function: the owner's; or anyone may ask publicly (the same answer whatever the
  // order), and whoever holds the link mailed to the order's address may confirm it.
  'POST /api/orders/:id/withdrawal': {
    expect: userAOnly(201),
    request: async (f) => json('POST', `/api/orders/${(await order(f, f.users.userA, 'placed')).id}/withdrawal`, {}),
  },
  // Returns (YEAR.md section 2): the order's shopper's alone.
  'POST /api/orders/:id/returns/quote': {
    expect: userAOnly(200),
    request: async (f) => returnRequest(f, 'returns/quote'),
  },
  'POST /api/orders/:id/returns': {
    expect: userAOnly(201),
    request: async (f) => returnRequest(f, 'returns'),
  },
  'GET /api/orders/:id/returns': {
    expect: userAOnly(200),
    request: async (f) => ({ url: `/api/orders/${(await order(f, f.users.userA, 'paid')).id}/returns` }),
  },
  // A return's label: whoever holds the signed link the return gave its shopper (not the shop's: 403).
  'GET /api/returns/:id/label': {
    expect: everyone(403),
    request: () => ({ url: '/api/returns/1/label?expires=4102444800&sig=not-the-shops' }),
  },
  // Complaints: the owner of a delivered order files one (multipart).
  'POST /api/orders/:id/complaints': {
    expect: userAOnly(201),
    request: async (f) => {
      const { orderId, orderItemId } = await deliveredLine(f);
      return form('POST', `/api/orders/${orderId}/complaints`, { orderItemId, description: 'Torn', remedy: 'repair' });
    },
  },
  'POST /api/withdrawals': {
    expect: everyone(202),
    request: async (f) => {
      // An order of its own per request, with its own email: the limits per email belong to other tests.
      const owner = await createUser(f.t.db);
      return json('POST', '/api/withdrawals', {
        orderId: (await order(f, owner, 'placed')).reference,
        email: owner.email,
        name: 'Matrix Shopper',
      });
    },
  },
  'GET /api/withdrawals/confirm': {
    expect: everyone(200),
    request: async (f) => ({ url: `/api/withdrawals/confirm?token=${await withdrawalLink(f)}` }),
  },
  'POST /api/withdrawals/confirm': {
    expect: everyone(201),
    request: async (f) => json('POST', '/api/withdrawals/confirm', { token: await withdrawalLink(f) }),
  },
  // The newsletter (YEAR.md section 4): anyone may ask (the same answer whatever the address), and
  // whoever holds the mailed link confirms, or leaves with a marketing mail's one click.
  'POST /api/newsletter': {
    expect: everyone(202),
    request: () =>
      json('POST', '/api/newsletter', {
        email: `matrix-${randomBytes(6).toString('hex')}@example.com`,
        lang: 'en',
        source: 'footer',
      }),
  },
  'POST /api/newsletter/confirm': {
    expect: everyone(200),
    request: async (f) => json('POST', '/api/newsletter/confirm', { token: (await newsletterTokens(f)).confirm }),
  },
  'POST /api/unsubscribe': {
    expect: everyone(200),
    request: async (f) => ({
      method: 'POST',
      url: `/api/unsubscribe?token=${(await newsletterTokens(f)).unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
  },
  'GET /api/orders/by-session/:sessionId': {
    expect: userAOnly(200),
    request: async (f) => ({ url: `/api/orders/by-session/${(await order(f, f.users.userA, 'paid')).sessionId}` }),
  },

  // Admin: products and users.
  'GET /api/admin/products': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/products' }) },
  'PUT /api/admin/products/:id/sale': {
    expect: adminsOnly(200),
    request: async (f) => json('PUT', `/api/admin/products/${(await createProduct(f.t.db)).id}/sale`, { price: 1 }),
  },
  'DELETE /api/admin/products/:id/sale': {
    expect: adminsOnly(200),
    request: async (f) => {
      const product = await createProduct(f.t.db);
      await f.t.db.insert(productSales).values({
        productId: product.id,
        priceCents: 100,
        priorPriceCents: 4999,
        startsAt: new Date(Date.now() - 1000),
      });
      return { method: 'DELETE', url: `/api/admin/products/${product.id}/sale` };
    },
  },
  'GET /api/admin/products/:id/price-history': {
    expect: adminsOnly(200),
    request: async (f) => ({ url: `/api/admin/products/${(await createProduct(f.t.db)).id}/price-history` }),
  },
  'GET /api/admin/discount-codes': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/discount-codes' }) },
  'POST /api/admin/discount-codes': {
    expect: adminsOnly(201),
    request: () =>
      json('POST', '/api/admin/discount-codes', { code: `M-${randomBytes(6).toString('hex')}`, kind: 'free-delivery' }),
  },
  'PUT /api/admin/discount-codes/:id': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('PUT', `/api/admin/discount-codes/${await discountCode(f)}`, {
        code: `M-${randomBytes(6).toString('hex')}`,
        kind: 'percent',
        value: 5,
      }),
  },
  'DELETE /api/admin/discount-codes/:id': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'DELETE', url: `/api/admin/discount-codes/${await discountCode(f)}` }),
  },
  'PUT /api/admin/products/:id/details': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('PUT', `/api/admin/products/${(await createProduct(f.t.db)).id}/details`, { fit: { type: 'regular' } }),
  },
  'POST /api/products': {
    expect: adminsOnly(201),
    request: () =>
      json('POST', '/api/products', {
        enName: 'Matrix Hoodie',
        enDescription: 'Heavy.',
        bgName: 'Матрица',
        bgDescription: 'Плътен.',
        price: 10,
        categoryId: 1,
        sizes: ['M'],
        colors: [{ colorName: 'Onyx' }],
      }),
  },
  'POST /api/products/upload-images': {
    expect: adminsOnly(200),
    request: async (f) => {
      const product = await createProduct(f.t.db, { published: false });
      return form(
        'POST',
        '/api/products/upload-images',
        { productId: product.id },
        { mainImage: await testImage('#202020') },
      );
    },
  },
  'PUT /api/products/:id': {
    expect: adminsOnly(200),
    request: async (f) => {
      const product = await createProduct(f.t.db);
      return form('PUT', `/api/products/${product.id}`, {
        enName: 'Renamed',
        enDescription: 'Text.',
        bgName: 'Преименуван',
        bgDescription: 'Текст.',
        price: 12,
        categoryId: 2,
        colors: JSON.stringify(product.colors.map(({ id, colorName }) => ({ id, colorName }))),
      });
    },
  },
  'POST /api/admin/products/:id/colors/:colorId/images': {
    expect: adminsOnly(201),
    request: async (f) => {
      const { id, colors } = await createProduct(f.t.db);
      const url = `/api/admin/products/${id}/colors/${colors[0]!.id}/images`;
      return form('POST', url, {}, { image: await testImage('#5a5a5a') });
    },
  },
  'PUT /api/admin/products/:id/colors/:colorId/images': {
    expect: adminsOnly(200),
    request: async (f) => {
      const { id, colors } = await createProduct(f.t.db);
      const url = `/api/admin/products/${id}/colors/${colors[0]!.id}/images`;
      return json('PUT', url, { images: [colors[0]!.imageUrl] });
    },
  },
  'PUT /api/products/:id/add-color': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('PUT', `/api/products/${(await createProduct(f.t.db)).id}/add-color`, { colorName: 'Sage' }),
  },
  'DELETE /api/products/:id': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'DELETE', url: `/api/products/${(await createProduct(f.t.db)).id}` }),
  },
  'PUT /api/products/:id/stock': {
    expect: adminsOnly(200),
    request: async (f) => {
      const product = await createProduct(f.t.db);
      return json('PUT', `/api/products/${product.id}/stock`, {
        stockTracked: true,
        stock: [{ colorId: product.colors[0]!.id, size: product.sizes[0], onHand: 3 }],
      });
    },
  },
  // Admin: orders, dashboard and settings.
  'GET /api/admin/orders': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/orders?status=paid' }) },
  'GET /api/admin/orders/export.csv': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/orders/export.csv' }),
  },
  // The catalogue in and out (issue 52): the admin's.
  'GET /api/admin/products/export.csv': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/products/export.csv?format=woocommerce&dialect=bg' }),
  },
  'GET /api/admin/products/images.zip': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/products/images.zip' }),
  },
  // A dry run of a small file (201, nothing changes); apply and undo of an import that is not there (404).
  'POST /api/admin/products/import': {
    expect: adminsOnly(201),
    request: async () => {
      const csv =
        'style_code,name_en,name_bg,category,price,color_en,size\r\nMX-1,Coat,Палто,elegance,10.00,Onyx,M\r\n';
      const form = await multipart(
        { format: 'atelier' },
        { file: { bytes: Buffer.from(csv), filename: 'p.csv', type: 'text/csv' } },
      );
      return { method: 'POST', url: '/api/admin/products/import', payload: form.payload, headers: form.headers };
    },
  },
  'GET /api/admin/products/import/last': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/products/import/last' }),
  },
  'GET /api/admin/products/feed-check': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/products/feed-check?lang=en' }),
  },
  'POST /api/admin/products/import/:importId/apply': {
    expect: adminsOnly(404),
    request: () => ({ method: 'POST', url: '/api/admin/products/import/999999/apply' }),
  },
  'POST /api/admin/products/import/:importId/undo': {
    expect: adminsOnly(404),
    request: () => ({ method: 'POST', url: '/api/admin/products/import/999999/undo' }),
  },
  // Returns, the owner's side (YEAR.md section 2).
  'GET /api/admin/returns': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/returns?status=open' }) },
  'GET /api/admin/returns/stats': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/returns/stats' }) },
  'GET /api/admin/returns/stats.csv': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/returns/stats.csv?lang=en' }),
  },
  'POST /api/admin/returns/:id/approve': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/returns/${(await aReturn(f, 'requested')).id}/approve` }),
  },
  'POST /api/admin/returns/:id/reject': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('POST', `/api/admin/returns/${(await aReturn(f, 'requested')).id}/reject`, { reason: 'Worn' }),
  },
  'POST /api/admin/returns/:id/receive': {
    expect: adminsOnly(200),
    request: async (f) => {
      const { id, orderItemId } = await aReturn(f, 'approved');
      return json('POST', `/api/admin/returns/${id}/receive`, {
        lines: [{ orderItemId, quantity: 1, condition: 'resell' }],
      });
    },
  },
  // Campaigns (YEAR.md section 4): the owner's alone.
  'GET /api/admin/campaigns': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/campaigns' }) },
  'POST /api/admin/campaigns': {
    expect: adminsOnly(201),
    request: () => json('POST', '/api/admin/campaigns', CAMPAIGN),
  },
  'GET /api/admin/campaigns/audience': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/campaigns/audience?kind=language&value=bg' }),
  },
  'POST /api/admin/campaigns/:id/stop': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/campaigns/${await campaign(f, true)}/stop` }),
  },
  'GET /api/admin/campaigns/:id': {
    expect: adminsOnly(200),
    request: async (f) => ({ url: `/api/admin/campaigns/${await campaign(f)}` }),
  },
  'PUT /api/admin/campaigns/:id': {
    expect: adminsOnly(200),
    request: async (f) => json('PUT', `/api/admin/campaigns/${await campaign(f)}`, CAMPAIGN),
  },
  'POST /api/admin/campaigns/:id/test': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/campaigns/${await campaign(f)}/test` }),
  },
  'POST /api/admin/campaigns/:id/send': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/campaigns/${await campaign(f)}/send` }),
  },
  'POST /api/admin/campaigns/:id/schedule': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('POST', `/api/admin/campaigns/${await campaign(f)}/schedule`, {
        at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
  },
  'GET /api/admin/complaints': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/complaints' }) },
  'GET /api/admin/complaints/export.csv': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/complaints/export.csv' }),
  },
  'POST /api/admin/complaints/:id/decide': {
    expect: adminsOnly(200),
    request: async (f) => json('POST', `/api/admin/complaints/${await complaint(f)}/decide`, { outcome: 'repair' }),
  },
  'POST /api/admin/complaints/:id/repaired': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/complaints/${await complaint(f, true)}/repaired` }),
  },
  // Recalls (YEAR.md section 6): the owner publishes one; anyone reads the notices.
  'POST /api/admin/products/:id/recall': {
    expect: adminsOnly(201),
    request: async (f) => json('POST', `/api/admin/products/${(await createProduct(f.t.db)).id}/recall`, RECALL_TEXTS),
  },
  'GET /api/recalls': { expect: everyone(200), request: () => ({ url: '/api/recalls' }) },
  'GET /api/recalls/:id': {
    expect: everyone(200),
    request: async (f) => ({ url: `/api/recalls/${await recall(f)}` }),
  },
  // Decision 0064: the notice printed by anyone; corrected and closed by the owner.
  'GET /api/recalls/:id/notice.pdf': {
    expect: everyone(200),
    request: async (f) => ({ url: `/api/recalls/${await recall(f)}/notice.pdf` }),
  },
  'PUT /api/admin/recalls/:id': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('PUT', `/api/admin/recalls/${await recall(f)}`, {
        ...RECALL_TEXTS,
        // Another notice of the product may have the fixtures' title: this one's own is new.
        title: { en: `Recall ${randomBytes(4).toString('hex')}`, bg: 'Изземване' },
      }),
  },
  'POST /api/admin/recalls/:id/close': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'POST', url: `/api/admin/recalls/${await recall(f)}/close` }),
  },
  'GET /api/admin/orders/:id': {
    expect: adminsOnly(200),
    request: async (f) => ({ url: `/api/admin/orders/${(await order(f, f.users.userA, 'paid')).id}` }),
  },
  'POST /api/admin/orders/:id/confirm': {
    expect: adminsOnly(200),
    request: async (f) => {
      const { id } = await order(f, f.users.userA, 'placed');
      await f.t.db.update(orders).set({ confirmationRequired: true }).where(eq(orders.id, id));
      return { method: 'POST', url: `/api/admin/orders/${id}/confirm` };
    },
  },
  // Couriers (TRADE.md section 6): the picker's lists are public; the shipment, its label and the sync are the admin's.
  'GET /api/couriers/offices': { expect: everyone(200), request: () => ({ url: '/api/couriers/offices?city=Sofia' }) },
  'GET /api/couriers/cities': { expect: everyone(200), request: () => ({ url: '/api/couriers/cities' }) },
  'POST /api/admin/couriers/sync': {
    expect: adminsOnly(200),
    request: () => json('POST', '/api/admin/couriers/sync', {}),
  },
  'POST /api/admin/orders/:id/shipment': {
    expect: adminsOnly(200),
    request: async (f) => {
      const placed = await order(f, f.users.userA, 'placed');
      await f.t.db
        .update(orders)
        .set({ delivery: { ...TEST_DELIVERY, office: null, note: null } })
        .where(eq(orders.id, placed.id));
      return json('POST', `/api/admin/orders/${placed.id}/shipment`, {});
    },
  },
  // No label made: admins reach the service and hear so.
  'GET /api/admin/orders/:id/shipment/label': {
    expect: adminsOnly(404),
    request: async (f) => ({ url: `/api/admin/orders/${(await order(f, f.users.userA, 'placed')).id}/shipment/label` }),
  },
  'POST /api/admin/orders/:id/ship': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('POST', `/api/admin/orders/${(await order(f, f.users.userA, 'paid')).id}/ship`, {
        carrier: 'Speedy',
        trackingNumber: 'SP123456',
      }),
  },
  'POST /api/admin/orders/:id/deliver': {
    expect: adminsOnly(200),
    request: async (f) => ({
      method: 'POST',
      url: `/api/admin/orders/${(await order(f, f.users.userA, 'placed', 'shipped')).id}/deliver`,
    }),
  },
  'POST /api/admin/orders/:id/cancel': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('POST', `/api/admin/orders/${(await order(f, f.users.userA, 'placed')).id}/cancel`, { reason: 'Test' }),
  },
  'POST /api/admin/orders/:id/refund': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('POST', `/api/admin/orders/${(await order(f, f.users.userA, 'paid')).id}/refund`, { amount: 1 }),
  },
  'POST /api/admin/orders/:id/withdrawal/refund': {
    expect: adminsOnly(200),
    request: async (f) => {
      // A cash-on-delivery order of user A's, its cash collected, and withdrawn from in full.
      const { id } = await order(f, f.users.userA, 'placed', 'shipped');
      await f.t.db
        .update(orders)
        .set({ status: 'paid', fulfilment: 'delivered', paidAt: new Date(), deliveredAt: new Date() })
        .where(eq(orders.id, id));
      const [line] = await f.t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
      await f.t.db.insert(withdrawals).values({
        orderId: id,
        items: [{ orderItemId: line!.id, quantity: 1 }],
        name: 'A',
        email: f.users.userA.email,
        via: 'account',
      });
      return json('POST', `/api/admin/orders/${id}/withdrawal/refund`, {});
    },
  },
  'POST /api/admin/orders/:id/return': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('POST', `/api/admin/orders/${(await order(f, f.users.userA, 'paid', 'shipped')).id}/return`, {
        restock: false,
      }),
  },
  'GET /api/admin/stats': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/stats?days=7' }) },
  'GET /api/settings': { expect: everyone(200), request: () => ({ url: '/api/settings' }) },
  'GET /api/admin/settings': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/settings' }) },
  'PUT /api/admin/settings': {
    expect: adminsOnly(200),
    request: () => json('PUT', '/api/admin/settings', { returnDays: 21 }),
  },
  'GET /api/admin/users': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/users' }) },
  'GET /api/admin/backups': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/backups' }) },
  'GET /api/admin/effects': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/effects' }) },
  'POST /api/admin/effects/:id/retry': {
    expect: adminsOnly(200),
    request: async (f) => {
      // An effect that failed every attempt (of a kind no worker knows, so it stays as it is).
      const key = `matrix:${Math.random()}`;
      const [row] = await f.t.db
        .insert(effects)
        .values({
          kind: 'matrix.none',
          key,
          attempts: 8,
          failedAt: new Date(),
          runAfter: new Date(Date.now() + 3_600_000),
        })
        .returning();
      return { method: 'POST', url: `/api/admin/effects/${row!.id}/retry` };
    },
  },
  // Making an admin is the root admin's alone (see "who manages whom" below).
  'PUT /api/admin/users/role': {
    expect: rootOnly(200),
    request: async (f) =>
      json('PUT', '/api/admin/users/role', { userId: (await createUser(f.t.db)).id, newRole: 'ADMIN' }),
  },
  'DELETE /api/admin/users/:id': {
    expect: adminsOnly(200),
    request: async (f) => ({ method: 'DELETE', url: `/api/admin/users/${(await createUser(f.t.db)).id}` }),
  },
  // Unknown codes are 404 to everyone (wrong codes count per client: few enough here).
  'GET /api/gift-cards/:code': {
    expect: everyone(404),
    request: () => ({ url: '/api/gift-cards/0000-0000-0000-0000' }),
  },
  // Buying a card needs an account (the built-in page: a pending card until it is paid).
  'POST /api/gift-cards/checkout': {
    expect: signedIn(201),
    request: () =>
      json('POST', '/api/gift-cards/checkout', { amount: 25, recipientName: 'Ana', recipientEmail: 'ana@example.com' }),
  },
  'GET /api/admin/gift-cards': { expect: adminsOnly(200), request: () => ({ url: '/api/admin/gift-cards?page=1' }) },
  'GET /api/admin/gift-cards/export.csv': {
    expect: adminsOnly(200),
    request: () => ({ url: '/api/admin/gift-cards/export.csv' }),
  },
  'POST /api/admin/gift-cards': {
    expect: adminsOnly(201),
    request: () =>
      json('POST', '/api/admin/gift-cards', { amount: 20, recipientName: 'Eva', recipientEmail: 'eva@example.com' }),
  },
  // A fresh card each time: a card voided once is 409 the second time.
  'POST /api/admin/gift-cards/:id/void': {
    expect: adminsOnly(200),
    request: async (f) => json('POST', `/api/admin/gift-cards/${(await issueTestCard(f.t.db, 1000)).id}/void`, {}),
  },
  'GET /api/admin/gift-cards/:id/ledger': {
    expect: adminsOnly(200),
    request: async (f) => ({ url: `/api/admin/gift-cards/${(await issueTestCard(f.t.db, 1000)).id}/ledger` }),
  },
  'POST /api/admin/users/:id/store-credit': {
    expect: adminsOnly(200),
    request: (f) =>
      json('POST', `/api/admin/users/${f.users.userA.id}/store-credit`, { amount: 5, reason: 'Goodwill' }),
  },
};

/**
 * Who manages whom (the user routes above, on each kind of target): the root admin manages
 * admins, an admin manages shoppers, nobody the root admin.
 */
const USER_MANAGEMENT: Record<string, RouteRule> = {
  'a shopper made an admin': ROUTES['PUT /api/admin/users/role']!,
  'an admin made a shopper': {
    expect: rootOnly(200),
    request: async (f) =>
      json('PUT', '/api/admin/users/role', {
        userId: (await createUser(f.t.db, { role: 'ADMIN' })).id,
        newRole: 'USER',
      }),
  },
  'a shopper kept a shopper': {
    expect: adminsOnly(200),
    request: async (f) =>
      json('PUT', '/api/admin/users/role', { userId: (await createUser(f.t.db)).id, newRole: 'USER' }),
  },
  'a shopper deleted': ROUTES['DELETE /api/admin/users/:id']!,
  'an admin deleted': {
    expect: rootOnly(200),
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/admin/users/${(await createUser(f.t.db, { role: 'ADMIN' })).id}`,
    }),
  },
  'the root admin deleted': {
    expect: { ...adminsOnly(403) },
    request: (f) => ({ method: 'DELETE', url: `/api/admin/users/${f.users.root.id}` }),
  },
};

let t: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  const users = {
    userA: await createUser(t.db, { name: 'User A' }),
    userB: await createUser(t.db, { name: 'User B' }),
    admin: await createUser(t.db, { role: 'ADMIN', name: 'Admin' }),
    root: await createUser(t.db, { role: 'ROOT_ADMIN', name: 'Root' }),
  };
  fixtures = { app: t.app, t, users, userOf: (actor) => users[actor === 'anonymous' ? 'userA' : actor] };
});
afterAll(() => t.close());

/** `METHOD /path` of every route the app registered (HEAD twins of GETs aside), from Fastify's own route tree. */
function registeredRoutes(app: App): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD'))
      routes.push(`${method} ${path}`);
  }
  // The OpenAPI viewer and the single-page app's catch-all serve documents, not data.
  return routes.filter((route) => !/ (\/api\/docs(\/|$)|\*$)/.test(route)).sort();
}

async function send(actor: Actor, request: Request) {
  const headers: Record<string, string> = { ...(request.headers as Record<string, string> | undefined) };
  if (actor !== 'anonymous') {
    // A fresh session per request: a logout in one row cannot sign the actor out of the next.
    const token = generateToken();
    await t.db.insert(sessions).values({
      userId: fixtures.userOf(actor).id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    headers.authorization = `Bearer ${token}`;
  }
  return t.app.inject({ method: 'GET', ...request, headers, remoteAddress: randomAddress() });
}

describe('the authorization table', () => {
  it('has a row for every registered route, and no row for a route that is gone', () => {
    const registered = registeredRoutes(t.app);
    const missing = registered.filter((route) => !(route in ROUTES));
    const gone = Object.keys(ROUTES).filter((route) => !registered.includes(route));
    expect(missing, `add these routes to ROUTES in authorization-matrix.test.ts: ${missing.join(', ')}`).toEqual([]);
    expect(gone, `these rows of ROUTES name routes that no longer exist: ${gone.join(', ')}`).toEqual([]);
  });
});

/**
 * An API answer is never kept where another user could be served it: not stored at all, or
 * stored only per bearer token (`Vary: Authorization`).
 */
function storedPerTokenAtMost(response: { headers: Record<string, string | string[] | number | undefined> }): boolean {
  const cacheControl = String(response.headers['cache-control'] ?? '');
  const vary = String(response.headers.vary ?? '').toLowerCase();
  return cacheControl === 'no-store' || (cacheControl.includes('no-cache') && vary.includes('authorization'));
}

describe.each(Object.entries(ROUTES))('%s', (route, rule) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const response = await send(actor, await rule.request(fixtures, actor));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(rule.expect[actor]);
    if (route.includes(' /api/')) {
      expect(storedPerTokenAtMost(response), `cache-control: ${String(response.headers['cache-control'])}`).toBe(true);
    }
  });
});

describe.each(Object.entries(USER_MANAGEMENT))('user management: %s', (_, rule) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const response = await send(actor, await rule.request(fixtures, actor));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(rule.expect[actor]);
  });
});

describe('an anonymous caller of a signed-in route', () => {
  const guarded = Object.entries(ROUTES).filter(([, rule]) => rule.expect.anonymous === 401);
  it.each(guarded.map(([route]) => route))('is told to log in before its body is read: %s', async (route) => {
    const [method, url] = route.split(' ') as [string, string];
    const response = await t.app.inject({
      method: method as 'POST',
      url: url.replace(/:[A-Za-z]+/g, '1'),
      headers: { 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'DELETE' ? undefined : '{"not valid json',
      remoteAddress: randomAddress(),
    });
    expect(response.statusCode, response.body).toBe(401);
  });
});

describe('after every request of the table', () => {
  it('no admin write was recorded for a non-admin', async () => {
    const { userA, userB } = fixtures.users;
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.actorId, [userA.id, userB.id])),
    ).toEqual([]);
  });
});
