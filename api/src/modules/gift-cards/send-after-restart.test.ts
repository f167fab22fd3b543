// @module-tag engine: one shop's starts, one after another, on one database: its outbox keeps the timed mail.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { effects, giftCards } from '../../db/schema.js';
import { dayIn } from '../../platform/outbox/timed.js';
import { effectsRun } from '../../test/app.js';
import { bearer, createUser } from '../../test/factories.js';
import { useRestarts } from '../../test/restarts.js';
import { groupedCode } from './codes.js';

/**
 * A gift card's mail to its recipient is due at the send date (a timed effect, decision 0052): a
 * shop stopped after the purchase and started again before that day mails it when the day comes,
 * once, and a start after that does not mail it again (issue 49: "a process restarted before it
 * still sends it once"). Each start is the app built anew on the same database, as a process is.
 */
const shop = useRestarts('gift-restart');
const { start } = shop;

describe('A gift card sent at a date, across a restart', () => {
  it('mails the recipient once when the day comes, though the shop was restarted before it', async () => {
    const buyer = await createUser(shop.database.db, { name: 'Ivo Petrov' });
    const recipient = 'after-restart@example.com';
    const toRecipient = () => shop.smtp.messages.filter((mail) => mail.to.includes(recipient));
    const tomorrow = dayIn(new Date(Date.now() + 86_400_000), 'Europe/Sofia');

    const first = await start();
    const started = await first.inject({
      method: 'POST',
      url: '/api/gift-cards/checkout',
      headers: bearer(buyer),
      payload: { amount: 40, recipientName: 'Ana', recipientEmail: recipient, sendAt: tomorrow, lang: 'en' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { url } = started.json<{ url: string }>();
    const paid = await first.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Ivo',
    });
    expect(paid.statusCode).toBe(303);
    await effectsRun(first);
    await shop.smtp.waitFor(buyer.email);
    const [card] = await shop.database.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.paymentSessionId, url.replace('/pay/', '')));
    const key = `mail.gift-card:${card!.id}`;
    const rows = () => shop.database.db.select().from(effects).where(eq(effects.key, key));
    // The shop stops before the send date.
    await first.close();

    // Started again, still before the day: nothing is due, nothing goes.
    const second = await start();
    await effectsRun(second);
    expect(toRecipient()).toHaveLength(0);
    const [due] = await rows();
    expect(due?.doneAt).toBeNull();
    expect(dayIn(due!.runAfter, 'Europe/Sofia')).toBe(tomorrow);

    // The day comes while the restarted shop runs (the effect's time moved to now).
    await shop.database.db
      .update(effects)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(effects.key, key));
    await effectsRun(second);
    const mail = await shop.smtp.waitFor(recipient);
    expect(mail.text).toContain(groupedCode(card!.code));
    await second.close();

    // A start after it finds the mail done.
    const third = await start();
    await effectsRun(third);
    await third.close();
    expect(toRecipient()).toHaveLength(1);
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ attempts: 1 });
    expect(after[0]?.doneAt).toBeInstanceOf(Date);
  }, 60_000);
});
