import type { Campaign } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { campaigns } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { CAMPAIGN_MAIL } from './effect-kinds.js';
import { campaignRow, getCampaign, MESSAGES, toCampaigns } from './service.js';

/**
 * Stops a campaign that is scheduled or going out (decision 0065): its status becomes `stopped`,
 * its mails not yet due or not yet taken are taken off the outbox, and a mail effect that runs
 * anyway (one a worker holds right now) finds the campaign stopped when it claims its recipient
 * and sends nothing (effects.ts). The mails that went out stay counted in `sent`. A draft, a
 * campaign sent or already stopped: 409 INVALID_TRANSITION.
 */
export async function stopCampaign(db: Db, actorId: number, id: number): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const row = await campaignRow(tx, id, true);
    const [current] = await toCampaigns(tx, [row]);
    if (current!.status !== 'scheduled' && current!.status !== 'sending') {
      throw new AppError('INVALID_TRANSITION', MESSAGES.notGoing);
    }
    await tx
      .update(campaigns)
      .set({ status: 'stopped', updatedAt: new Date() })
      .where(sql`${campaigns.id} = ${id}`);
    const [removed] = await queryRows(
      tx,
      z.object({ count: dbInt }),
      sql`with removed as (
        delete from effects
        where kind = ${CAMPAIGN_MAIL.name} and key like ${`${CAMPAIGN_MAIL.name}:${id}:%`}
          and done_at is null and (locked_until is null or locked_until < now())
        returning 1)
      select count(*) as count from removed`,
    );
    await audit(tx, {
      actorId,
      action: 'campaign.stop',
      target: `campaign:${id}`,
      detail: { sent: current!.sent, unsent: removed?.count ?? 0 },
    });
  });
  return getCampaign(db, id);
}
