import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { campaigns } from '../../db/schema.js';
import { settingsRow } from '../settings/service.js';
import { audienceOf, campaignRow } from './service.js';
import { audienceWhere } from './audience.js';
import { CAMPAIGN_MAIL } from './effect-kinds.js';

/**
 * Queues a campaign (its CAMPAIGN_START effect, at its time `at`): one CAMPAIGN_MAIL effect per
 * subscriber of its audience, written by one statement in the database (nothing loaded here,
 * whatever the list's size), each due at its place in the pace of `marketing.ratePerMinute`
 * (the n-th after n / rate minutes), keyed per campaign and subscriber: queued again (a process
 * that died halfway) it writes nothing twice. A campaign rescheduled since, or already queued,
 * is left alone.
 */
export async function queueCampaign(db: Db, campaignId: number, time: string): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await campaignRow(tx, campaignId, true).catch(() => undefined);
    if (!row || row.status !== 'scheduled' || row.scheduledAt?.toISOString() !== time) return 0;
    const { marketingRatePerMinute: rate } = await settingsRow(tx);
    const start = new Date();
    const prefix = `${CAMPAIGN_MAIL.name}:${campaignId}:`;
    const [written] = await queryRows(
      tx,
      z.object({ count: dbInt }),
      sql`with queued as (
        insert into effects (kind, key, payload, run_after)
        select ${CAMPAIGN_MAIL.name}, ${prefix} || s.id,
          jsonb_build_object('campaignId', ${campaignId}::int, 'subscriberId', s.id),
          ${start.toISOString()}::timestamptz
            + (row_number() over (order by s.id) - 1) * (60000.0 / ${rate}::int) * interval '1 millisecond'
        from newsletter_subscribers s
        where ${audienceWhere(audienceOf(row))}
        on conflict (key) do nothing
        returning 1)
      select count(*) as count from queued`,
    );
    await tx
      .update(campaigns)
      .set({ status: 'sending', queuedAt: start, queued: written?.count ?? 0, updatedAt: start })
      .where(sql`${campaigns.id} = ${campaignId}`);
    return written?.count ?? 0;
  });
}
