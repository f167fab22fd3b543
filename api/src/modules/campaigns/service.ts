import type { Audience, Campaign, CampaignInput, CampaignStatus } from '@shop/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { campaigns, products } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { at } from '../../platform/outbox/timed.js';
import { audienceSize } from './audience.js';
import { CAMPAIGN_START } from './effect-kinds.js';

export type CampaignRow = typeof campaigns.$inferSelect;

export const MESSAGES = {
  notFound: 'Campaign not found',
  started: 'This campaign has been sent already: it can no longer change.',
  unknownProducts: 'Choose products that exist (one of them was deleted).',
  past: 'Choose a time in the future.',
  notGoing: 'Only a campaign that is scheduled or going out can be stopped.',
} as const;

export const audienceOf = (row: CampaignRow): Audience =>
  row.audienceValue === null ? { kind: row.audienceKind } : { kind: row.audienceKind, value: row.audienceValue };

/** Each campaign's results so far: mails sent, failed, handled (any end), and recipients who left since. */
async function progressOf(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { sent: number; failed: number; done: number; gone: number }>();
  const rows = await queryRows(
    db,
    z.object({ campaign_id: z.number(), sent: dbInt, failed: dbInt, done: dbInt, gone: dbInt }),
    sql`select r.campaign_id,
        count(*) filter (where r.state = 'sent') as sent,
        count(*) filter (where r.state = 'failed') as failed,
        count(*) filter (where r.state in ('sent', 'skipped', 'failed')) as done,
        count(*) filter (where r.state = 'sent' and exists (
          select 1 from newsletter_subscribers s join mail_suppressions m on m.email = s.email
          where s.id = r.subscriber_id and m.reason = 'left' and m.created_at >= r.created_at)) as gone
      from campaign_recipients r
      where r.campaign_id in ${sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by r.campaign_id`,
  );
  return new Map(rows.map(({ campaign_id, ...counts }) => [campaign_id, counts]));
}

/** Campaigns as the admin reads them: a sending campaign whose every mail is answered for is sent. */
export async function toCampaigns(db: Db | Tx, rows: CampaignRow[]): Promise<Campaign[]> {
  const progress = await progressOf(
    db,
    rows.filter((row) => row.queuedAt).map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const counts = progress.get(row.id) ?? { sent: 0, failed: 0, done: 0, gone: 0 };
      const queued = row.queued ?? 0;
      const status: CampaignStatus = row.status === 'sending' && counts.done >= queued ? 'sent' : row.status;
      const audience = audienceOf(row);
      return {
        id: row.id,
        status,
        subject: row.subject,
        text: row.text,
        products: row.productIds,
        audience: { ...audience, size: row.queuedAt ? queued : await audienceSize(db, audience) },
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        queuedAt: row.queuedAt?.toISOString() ?? null,
        sent: counts.sent,
        failed: counts.failed,
        unsubscribed: counts.gone,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  );
}

export async function campaignRow(db: Db | Tx, id: number, lock = false): Promise<CampaignRow> {
  const query = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function getCampaign(db: Db, id: number): Promise<Campaign> {
  const [campaign] = await toCampaigns(db, [await campaignRow(db, id)]);
  return campaign!;
}

/** Newest first. */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  return toCampaigns(db, await db.select().from(campaigns).orderBy(desc(campaigns.id)).limit(200));
}

/** The featured products must exist (deleted ones excluded): 400 naming `products`. */
async function checkProducts(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`${inArray(products.id, ids)} and ${products.deletedAt} is null`);
  if (found.length !== ids.length) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.unknownProducts, { products: MESSAGES.unknownProducts });
  }
}

const values = (body: CampaignInput) => ({
  subject: body.subject,
  text: body.text,
  productIds: body.products,
  audienceKind: body.audience.kind,
  audienceValue: body.audience.kind === 'all' ? null : (body.audience.value ?? null),
});

export async function createCampaign(db: Db, actorId: number, body: CampaignInput): Promise<Campaign> {
  const id = await db.transaction(async (tx) => {
    await checkProducts(tx, body.products);
    const [row] = await tx
      .insert(campaigns)
      .values({ ...values(body), createdBy: actorId })
      .returning({ id: campaigns.id });
    await audit(tx, { actorId, action: 'campaign.create', target: `campaign:${row!.id}` });
    return row!.id;
  });
  return getCampaign(db, id);
}

/** A campaign not yet queued (a draft, or a scheduled one, which keeps its time). */
async function unsent(tx: Tx, id: number): Promise<CampaignRow> {
  const row = await campaignRow(tx, id, true);
  if (row.status !== 'draft' && row.status !== 'scheduled') throw new AppError('INVALID_TRANSITION', MESSAGES.started);
  return row;
}

export async function updateCampaign(db: Db, actorId: number, id: number, body: CampaignInput): Promise<Campaign> {
  await db.transaction(async (tx) => {
    await unsent(tx, id);
    await checkProducts(tx, body.products);
    await tx
      .update(campaigns)
      .set({ ...values(body), updatedAt: new Date() })
      .where(eq(campaigns.id, id));
    await audit(tx, { actorId, action: 'campaign.update', target: `campaign:${id}` });
  });
  return getCampaign(db, id);
}

/**
 * Sends the campaign at `when` (now: at once): the effect that queues its mails, keyed by the
 * campaign and its time, so that a double click queues once and a new time replaces the old one
 * (the old one's effect finds the campaign due at another time, and does nothing).
 */
export async function startCampaign(db: Db, actorId: number, id: number, when?: Date): Promise<Campaign> {
  if (when && when.getTime() <= Date.now()) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.past, { at: MESSAGES.past });
  }
  await db.transaction(async (tx) => {
    const row = await unsent(tx, id);
    const due = when ?? new Date();
    await tx
      .update(campaigns)
      .set({ status: 'scheduled', scheduledAt: due, updatedAt: new Date() })
      .where(eq(campaigns.id, row.id));
    const time = due.toISOString();
    await enqueue(tx, [at(CAMPAIGN_START, due, { campaignId: id, at: time }, { id: `${id}:${time}` })]);
    await audit(tx, {
      actorId,
      action: when ? 'campaign.schedule' : 'campaign.send',
      target: `campaign:${id}`,
      detail: { at: due.toISOString() },
    });
  });
  return getCampaign(db, id);
}
