import { sql } from 'drizzle-orm';
import { openDatabase } from '../../api/src/db/client.js';
import { campaigns } from '../../api/src/db/schema.js';
import { queueCampaign } from '../../api/src/modules/campaigns/queue.js';
import { emptyPostgresDatabase } from '../../api/src/robustness/support/postgres.js';
import { round, type Figure } from './lib.js';

const SUBSCRIBERS = 100_000;

/**
 * A campaign to 100,000 confirmed subscribers queued (YEAR.md section 7, decision 0057): the
 * `campaign.start` effect's work, one INSERT … SELECT of an effect per subscriber keyed per
 * campaign and subscriber, on PostgreSQL, measured in this process (its resident memory before and
 * after: nothing of the list is loaded). Queued again (a process killed halfway through sending
 * runs it again) it must write nothing twice.
 */
export async function campaignQueue(): Promise<Figure[]> {
  const postgres = await emptyPostgresDatabase();
  const database = await openDatabase({ url: postgres.url });
  const { db } = database;
  try {
    await db.execute(sql`
      insert into newsletter_subscribers (email, lang, status, source, unsubscribe_token, confirmed_at)
      select 'reader-' || n || '@example.com', case when n % 3 = 0 then 'bg' else 'en' end, 'subscribed', 'footer',
        md5(n::text || random()::text), now()
      from generate_series(1, ${SUBSCRIBERS}) n`);
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
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const queued = await queueCampaign(db, campaign!.id, at.toISOString());
    const seconds = (performance.now() - started) / 1000;
    const grownMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    // Queued again, as a restarted process would: the campaign is sending, and no key is written twice.
    await db.execute(sql`update campaigns set status = 'scheduled' where id = ${campaign!.id}`);
    const again = await queueCampaign(db, campaign!.id, at.toISOString());
    const rows = await db.execute(sql`select count(*)::int as count from effects where kind = 'campaign.mail'`);
    const effects = Number((rows as { rows: { count: number }[] }).rows[0]?.count ?? 0);
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
    await database.close();
    await postgres.drop();
  }
}
