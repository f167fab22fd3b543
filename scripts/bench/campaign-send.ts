import { sql } from 'drizzle-orm';
import { settingsRow } from '../../api/src/modules/settings/service.js';
import type { ServerRun } from '../../api/src/robustness/support/server.js';
import { campaignDueNow, countOf, subscribers } from './campaigns.js';
import { builtServerWithSmtp, stopBenchServer } from './fixture.js';
import { round, sleep, type Figure } from './lib.js';

/** Subscribers of the campaign sent, and its pace: 20 mails a second, 20 s in all. */
const SUBSCRIBERS = 400;
const RATE_PER_MINUTE = 1_200;
/** The first server is killed (SIGKILL) once this many mails have reached the SMTP server. */
const KILL_AFTER = 200;

/**
 * A campaign sent at its rate and a process killed halfway (YEAR.md section 7, decisions 0057 and
 * 0071): 400 confirmed subscribers on PostgreSQL, `marketing.ratePerMinute` 1,200, an SMTP server
 * in this process noting each mail's recipient and Message-ID. The built server sends; once half
 * have arrived it is killed without warning (SIGKILL: no shutdown, its effects and recipients left
 * held), and a second server takes over. The killed server's leases are brought forward (as their
 * running out would, not waited for 2 minutes): the second server takes its mails again. The rate
 * is the first server's: mails received per minute between the first and the kill. Then every
 * subscriber must have the mail, and none two different ones; a mail handed over in the instant
 * before the kill may arrive again under its one Message-ID (a mailbox keeps it once): counted apart.
 */
export async function campaignSend(): Promise<Figure[]> {
  const fixture = await builtServerWithSmtp();
  const { db, mails } = fixture;
  let server: ServerRun | undefined;
  try {
    await settingsRow(db);
    await db.execute(sql`update shop_settings set marketing_rate_per_minute = ${RATE_PER_MINUTE}`);
    await subscribers(db, SUBSCRIBERS);
    server = await fixture.start();
    await (await campaignDueNow(db)).queue();
    for (let waited = 0; waited < 60_000 && mails.length < KILL_AFTER; waited += 20) await sleep(20);
    server.child.kill('SIGKILL');
    await stopBenchServer(server);
    server = undefined;
    const beforeKill = mails.map((mail) => mail.at);
    const perMinute =
      beforeKill.length > 1 ? ((beforeKill.length - 1) * 60_000) / (beforeKill.at(-1)! - beforeKill[0]!) : 0;
    const held = await countOf(db, sql`select count(*)::int as count from campaign_recipients where state = 'sending'`);
    await db.execute(sql`update effects set locked_until = now() where locked_until > now() and done_at is null`);
    server = await fixture.start();
    // Until the second server has answered for every mail (none left to run, to retry or held).
    const unfinished = () =>
      countOf(
        db,
        sql`select ((select count(*) from effects where kind = 'campaign.mail' and done_at is null and failed_at is null)
          + (select count(*) from campaign_recipients where state in ('sending', 'retry')))::int as count`,
      );
    for (let waited = 0; waited < 120_000 && (await unfinished()) > 0; waited += 250) await sleep(250);
    await sleep(500);
    const ids = new Map<string, Set<string | undefined>>();
    for (const mail of mails) for (const to of mail.to) ids.set(to, (ids.get(to) ?? new Set()).add(mail.messageId));
    const never = SUBSCRIBERS - ids.size;
    const twice = [...ids.values()].filter((set) => set.size > 1).length;
    const again = mails.length - [...ids.values()].reduce((sum, set) => sum + set.size, 0);
    return [
      {
        section: 'campaigns',
        figure: `a campaign sent at marketing.ratePerMinute ${RATE_PER_MINUTE.toLocaleString('en')} (PostgreSQL, real SMTP)`,
        value: `${Math.round(perMinute).toLocaleString('en')} mails a minute`,
        target: `${Math.round(RATE_PER_MINUTE * 0.85).toLocaleString('en')}–${Math.round(RATE_PER_MINUTE * 1.05).toLocaleString('en')}`,
        pass: perMinute >= RATE_PER_MINUTE * 0.85 && perMinute <= RATE_PER_MINUTE * 1.05,
        detail: `${beforeKill.length} mails from the first to the kill, over ${round((beforeKill.at(-1)! - beforeKill[0]!) / 1000, 1)} s`,
      },
      {
        section: 'campaigns',
        figure: `the sending server killed (SIGKILL) after ${KILL_AFTER} of ${SUBSCRIBERS} mails, another resumes`,
        value: `${ids.size} received, ${never} never, ${twice} twice (${again} resent under the same Message-ID)`,
        target: '0 never, 0 twice (a resend only under its Message-ID)',
        pass: never === 0 && twice === 0,
        detail: `${beforeKill.length} before the kill, ${mails.length - beforeKill.length} after; ${held} held by the killed server and taken again after its lease (decision 0071), of which ${again} had reached the SMTP server before the kill (a mailbox keeps one of each Message-ID)`,
      },
    ];
  } finally {
    if (server) await stopBenchServer(server);
    await fixture.close();
  }
}
