import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';
import { every, everyMs } from '../../platform/outbox/timed.js';

const id = z.number().int();

/**
 * A campaign's mails are queued (now, or at its scheduled time: `at()`), keyed by the campaign and
 * that time (`at`, ISO): one rescheduled queues only at its latest time.
 */
export const CAMPAIGN_START = effectKind('campaign.start', z.object({ campaignId: id, at: z.string() }));

/**
 * One campaign mail to one subscriber, keyed `campaign.mail:<campaign>:<subscriber>`: written once
 * however often the campaign is queued, due at its place in the campaign's pace.
 */
export const CAMPAIGN_MAIL = effectKind('campaign.mail', z.object({ campaignId: id, subscriberId: id }));

/** Every quarter of an hour: the carts left long enough get their reminders written (decision 0057). */
export const CART_REMINDERS = every('marketing.cart-reminders', everyMs(15 * 60_000));

/**
 * One reminder of one cart as it was last changed (`changedAt`, ms): `number` 1 when it has waited
 * `marketing.abandonedCartHours`, 2 two days later, keyed by all three so that none goes twice.
 */
export const CART_REMINDER = effectKind(
  'mail.cart-reminder',
  z.object({ userId: id, changedAt: z.number().int(), number: z.union([z.literal(1), z.literal(2)]) }),
);
