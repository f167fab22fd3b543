// @module-tag engine: the carts left behind are found by SQL of their own (grouped by account, the last change in ms)
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, effects, orders } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { planCartReminders, SECOND_REMINDER_MS } from './cart-reminders.js';
import { CART_REMINDER } from './effect-kinds.js';

// Behind HTTPS, as in production: one-click unsubscription (RFC 8058) needs an HTTPS link.
const t = useTestApp({ smtp: true, env: { PUBLIC_URL: 'https://shop.test' } });
const HOUR = 3_600_000;

/** A signed-in shopper with one piece in the cart, subscribed from the profile unless told. */
async function shopperWithCart({ subscribed = true, locale }: { subscribed?: boolean; locale?: 'en' | 'bg' } = {}) {
  const shopper = await t.createUser(locale ? { locale } : {});
  if (subscribed) {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/save',
      headers: bearer(shopper),
      payload: { newsletter: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const product = await t.createProduct({ name: 'Merino Scarf', bgName: 'Шал от мерино', stock: 5 });
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: bearer(shopper),
    payload: {
      productId: product.id,
      selectedColor: product.colors[0]!.id,
      selectedSize: product.sizes[0],
      quantity: 1,
    },
  });
  expect(added.statusCode, added.body).toBeLessThan(300);
  return shopper;
}

/** The cart as last changed `hours` ago. */
const leftFor = (shopper: CreatedUser, hours: number) =>
  t.db
    .update(cartItems)
    .set({ updatedAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(cartItems.userId, shopper.id));

const reminders = (shopper: CreatedUser) =>
  t.smtp.messages.filter((mail) => mail.to.includes(shopper.email) && /cart|количката/.test(mail.subject));

/** The quarter-hourly look, then the outbox. */
async function look() {
  await planCartReminders(t.db);
  await t.effectsRun();
}

describe('the cart left behind', () => {
  it('reminds a subscriber once after abandonedCartHours with the lines and a link to the cart, a second time two days later, then never', async () => {
    const shopper = await shopperWithCart({ locale: 'bg' });
    await leftFor(shopper, 3.5);
    await look();
    expect(reminders(shopper)).toHaveLength(0);

    await leftFor(shopper, 4.5);
    await look();
    await look();
    expect(reminders(shopper)).toHaveLength(1);
    const [first] = reminders(shopper);
    expect(first!.subject).toBe('Оставихте нещо в количката си');
    expect(first!.text).toContain('Шал от мерино');
    expect(first!.text).toMatch(/Към количката: http\S+\/cart/);
    expect(first!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Its Message-ID names the reminder (decision 0071): sent again after a death, it is the same.
    expect(first!.headers['message-id']).toMatch(new RegExp(`^<cart-reminder\\.${shopper.id}\\.\\d+\\.1@[^>]+>$`));

    // The second is due two days after the first: brought forward here, as the clock would.
    const [second] = await t.db
      .select()
      .from(effects)
      .where(like(effects.key, `${CART_REMINDER.name}:${shopper.id}:%:2`));
    expect(second!.runAfter.getTime() - Date.now()).toBeGreaterThan(SECOND_REMINDER_MS - 60_000);
    await t.db.update(effects).set({ runAfter: new Date() }).where(eq(effects.id, second!.id));
    await look();
    expect(reminders(shopper)).toHaveLength(2);
    expect(reminders(shopper)[1]!.headers['message-id']).toMatch(/\.2@[^>]+>$/);
    await look();
    expect(reminders(shopper)).toHaveLength(2);
  });

  it('sends none once the shopper ordered, emptied the cart or unsubscribed, nor to one who never consented', async () => {
    const ordered = await shopperWithCart();
    await leftFor(ordered, 5);
    await t.db.insert(orders).values({
      userId: ordered.id,
      email: ordered.email,
      status: 'placed',
      currency: 'EUR',
      totalCents: 4999,
      paymentProvider: 'cod',
    });
    const emptied = await shopperWithCart();
    await t.db.delete(cartItems).where(eq(cartItems.userId, emptied.id));
    const stranger = await shopperWithCart({ subscribed: false });
    await leftFor(stranger, 5);
    await look();
    expect([reminders(ordered), reminders(emptied), reminders(stranger)]).toEqual([[], [], []]);

    // Subscribed when the cart was filled, unsubscribed since.
    const leaving = await shopperWithCart();
    await leftFor(leaving, 5);
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/save',
      headers: bearer(leaving),
      payload: { newsletter: false },
    });
    await look();
    expect(reminders(leaving)).toHaveLength(0);
  });
});
