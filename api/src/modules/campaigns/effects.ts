import type { Language } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { campaignRecipients, newsletterSubscribers } from '../../db/schema.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { MAX_ATTEMPTS } from '../../platform/outbox/outbox.js';
import { handle } from '../../platform/outbox/declare.js';
import { handleEvery } from '../../platform/outbox/timed.js';
import { sendMarketing, type MarketingDeps, type MarketingResult } from '../newsletter/marketing.js';
import { planCartReminders, sendCartReminder } from './cart-reminders.js';
import { CAMPAIGN_MAIL, CAMPAIGN_START, CART_REMINDER, CART_REMINDERS } from './effect-kinds.js';
import { campaignContent, productCards, type MarketingContent } from './mail.js';
import { queueCampaign } from './queue.js';
import { campaignRow } from './service.js';

export interface CampaignEffectDeps extends MarketingDeps {
  currency: string;
}

type Recipient = typeof campaignRecipients.$inferSelect;
type State = Recipient['state'];

/** How long a campaign's rendered mail (its products' prices now) is reused by the mails that follow. */
const CONTENT_TTL_MS = 60_000;

/**
 * Takes the mail of `subscriberId` for sending: written `sending` before the mail leaves, so that
 * a run of its effect after it was sent (a worker that died before the effect was marked done)
 * sends nothing. A row found `sending` is one a worker took and never finished: the outbox runs
 * the effect again only once that worker's lease has passed (a live worker renews it), so that
 * worker is dead and the mail is taken again (decision 0071), as is one recorded to try again
 * (`retry`). Only while the campaign is going out: a stopped one (stop.ts) sends nothing more;
 * the campaign's row is read `for share`, so a claim made while the stop is being written waits
 * for it and then sees it. False: it was sent or answered for, or the campaign no longer goes.
 */
export async function claimRecipient(db: Db, campaignId: number, subscriberId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    z.object({ state: z.string() }),
    sql`insert into campaign_recipients (campaign_id, subscriber_id, state)
      select ${campaignId}::int, ${subscriberId}::int, 'sending'
      where exists (select 1 from campaigns c where c.id = ${campaignId}::int and c.status = 'sending' for share)
      on conflict (campaign_id, subscriber_id) do update set state = 'sending', created_at = now()
        where campaign_recipients.state in ('retry', 'sending')
      returning state`,
  );
  return rows.length > 0;
}

const mark = (db: Db, campaignId: number, subscriberId: number, state: State) =>
  db
    .update(campaignRecipients)
    .set({ state, at: sql`now()` })
    .where(
      sql`${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.subscriberId} = ${subscriberId}`,
    );

/**
 * Marketing mail's effects: the quarter-hourly look for carts left behind and each reminder
 * (cart-reminders.ts); CAMPAIGN_START queues its mails (queue.ts), CAMPAIGN_MAIL sends one, only
 * through sendMarketing (consent and the suppression list asked right before), in the
 * subscriber's language, once (or, its worker having died, again with the same Message-ID).
 */
export function campaignEffectHandlers(deps: CampaignEffectDeps): Record<string, EffectHandler> {
  const { db } = deps;
  const contents = new Map<string, { at: number; content: Promise<MarketingContent> }>();
  const contentOf = (campaignId: number, lang: Language): Promise<MarketingContent> => {
    const key = `${campaignId}:${lang}`;
    const cached = contents.get(key);
    if (cached && Date.now() - cached.at < CONTENT_TTL_MS) return cached.content;
    const content = (async () => {
      const row = await campaignRow(db, campaignId);
      const cards = await productCards(deps, row.productIds, lang);
      return campaignContent(row, cards, lang, deps.currency, `${deps.publicUrl}/`);
    })();
    content.catch(() => contents.delete(key));
    if (contents.size > 100) contents.clear();
    contents.set(key, { at: Date.now(), content });
    return content;
  };

  return {
    ...handleEvery(db, CART_REMINDERS, () => planCartReminders(db)),
    ...handle(CART_REMINDER, (reminder) => sendCartReminder(deps, reminder)),
    ...handle(CAMPAIGN_START, ({ campaignId, at }) => queueCampaign(db, campaignId, at)),

    ...handle(CAMPAIGN_MAIL, async ({ campaignId, subscriberId }, effect) => {
      if (!(await claimRecipient(db, campaignId, subscriberId))) return;
      const [subscriber] = await db
        .select({ email: newsletterSubscribers.email, lang: newsletterSubscribers.lang })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, subscriberId));
      if (!subscriber) return void (await mark(db, campaignId, subscriberId, 'skipped'));
      let result: MarketingResult;
      try {
        const content = await contentOf(campaignId, subscriber.lang);
        result = await sendMarketing(deps, subscriber.email, () => content, `campaign.${campaignId}.${subscriberId}`);
      } catch (error) {
        await mark(db, campaignId, subscriberId, effect.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry');
        throw error;
      }
      // Recorded the moment the SMTP server has answered, before anything else: a worker that dies
      // between the two sends it again (with the same Message-ID); nothing else may lie between.
      await mark(
        db,
        campaignId,
        subscriberId,
        result === 'sent' ? 'sent' : result === 'bounced' ? 'failed' : 'skipped',
      );
    }),
  };
}
