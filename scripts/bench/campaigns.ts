import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../api/src/db/client.js';
import { campaigns } from '../../api/src/db/schema.js';
import { queueCampaign } from '../../api/src/modules/campaigns/queue.js';
import { benchDatabase } from './fixture.js';
import { round, type Figure } from './lib.js';

const SUBSCRIBERS = 100_000;

/** The number a `select count(*)::int as count …` answers. */
export async function countOf(db: Db, query: SQL): Promise<number> {
  const rows = await db.execute(query);
  return Number((rows as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}

/** `count` confirmed subscribers, `reader-<n>@example.com`, a third of them Bulgarian. */
export async function subscribers(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into newsletter_subscribers (email, lang, status, source, unsubscribe_token, confirmed_at)
    select 'reader-' || n || '@example.com', case when n % 3 = 0 then 'bg' else 'en' end, 'subscribed', 'footer',
      md5(n::text || random()::text), now()
    from generate_series(1, ${count}) n`);
}

/** A campaign to all, scheduled for now: `queue()` does what its `campaign.start` effect does. */
export async function campaignDueNow(db: Db) {
  const at = new Date();
  const [campaign] = await db
    .insert(campaigns)
    .values({
      subject: { en: 'Sale', bg: 'Намаление' },
      text: { en: 'All of it.', bg: 'Всичко.' },
      status: 'scheduled',
      scheduledAt: at,
    })
    .returning({ id: campaigns.id });
  return { id: campaign!.id, queue: () => queueCampaign(db, campaign!.id, at.toISOString()) };
}

/**
 * A campaign to 100,000 confirmed subscribers queued (YEAR.md section 7, decision 0057): the
 * `campaign.start` effect's work, one INSERT … SELECT of an effect per subscriber keyed per
 * campaign and subscriber, on PostgreSQL, measured in this process (its resident memory before and
 * after: nothing of the list is loaded). Queued again (a process killed halfway through sending
 * runs it again) it must write nothing twice.
 */
export async function campaignQueue(): Promise<Figure[]> {
  const { db, close } = await benchDatabase();
  try {
    await subscribers(db, SUBSCRIBERS);
    const campaign = await campaignDueNow(db);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const queued = await campaign.queue();
    const seconds = (performance.now() - started) / 1000;
    const grownMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    // Queued again, as a restarted process would: the campaign is sending, and no key is written twice.
    await db.execute(sql`update campaigns set status = 'scheduled' where id = ${campaign.id}`);
    const again = await campaign.queue();
    const effects = await countOf(db, sql`select count(*)::int as count from effects where kind = 'campaign.mail'`);
    return [
      {
        section: 'campaigns',
        figure: `a campaign to ${SUBSCRIBERS.toLocaleString('en')} subscribers queued (PostgreSQL)`,
        value: `${round(seconds, 2)} s, +${round(grownMb, 1)} MB`,
        target: '≤ 10 s, ≤ +50 MB',
        pass: queued === SUBSCRIBERS && seconds <= 10 && grownMb <= 50 && again === 0 && effects === SUBSCRIBERS,
        detail: `${queued} mails queued, queued again: ${again} more (${effects} effects in all)`,
      },
    ];
  } finally {
    await close();
  }
}
