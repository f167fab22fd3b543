import { colorNameIn, itemNameIn } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaints, effects } from '../../db/schema.js';
import type { WebLinks } from '../../lib/links.js';
import { both, OWNER_FOOTER, OWNER_LANG } from '../../platform/mail/owner-notice.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { ownerAddress } from '../settings/service.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { COMPLAINT_DUE_REMINDER, dueReminder } from './effect-kinds.js';
import { complaintAddressed, type ComplaintRead } from './service.js';

const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Sofia' }).format(new Date(iso));

/** The owner's reminder, in Bulgarian then English (platform/mail/owner-notice.ts); a reply goes to the shopper. */
export function complaintDueMail(to: string, complaint: ComplaintRead, links: WebLinks): Mail {
  const item = (lang: 'en' | 'bg') =>
    `${itemNameIn(complaint.item, lang)} (${colorNameIn(complaint.item, lang)}, ${complaint.item.size})`;
  const who = `${complaint.customer.name} <${complaint.customer.email ?? ''}>`.trim();
  const n = complaint.number;
  return {
    to,
    ...(complaint.customer.email ? { replyTo: complaint.customer.email } : {}),
    ...renderMail({
      lang: OWNER_LANG,
      subject: both(
        `Complaint No. ${n}: decide by ${day(complaint.dueAt, 'en-GB')}`,
        `Рекламация № ${n}: решете до ${day(complaint.dueAt, 'bg-BG')}`,
      ),
      preheader: both('An open complaint is near its due date', 'Отворена рекламация наближава срока си'),
      heading: both('A complaint to decide', 'Рекламация за решаване'),
      footer: OWNER_FOOTER,
      intro: [
        `Рекламация № ${n} от ${who} (поръчка ${complaint.orderReference}, ${item('bg')}) още не е решена. Законът за защита на потребителите ви дава срок до ${day(complaint.dueAt, 'bg-BG')}. Описание: „${complaint.description}“`,
        `Complaint No. ${n} from ${who} (order ${complaint.orderReference}, ${item('en')}) is not decided yet. The Consumer Protection Act gives you until ${day(complaint.dueAt, 'en-GB')}. Described as: “${complaint.description}”`,
      ],
      highlight: {
        kind: 'link',
        label: both('Open the complaints', 'Отворете рекламациите'),
        url: links.adminComplaints(),
      },
    }),
  };
}

/** Reminds the owner of a complaint still open (a decided one, or no owner's address: nothing). */
export async function remindOwnerOfDue(deps: OrderMailDeps & { db: Db }, complaintId: number): Promise<void> {
  const to = await ownerAddress(deps.db);
  if (!to) return;
  const found = await complaintAddressed(deps.db, complaintId);
  if (!found || found.complaint.status !== 'open') return;
  await deps.mailer.send(complaintDueMail(to, found.complaint, deps.links));
}

/**
 * At start (app.ts, beside the sales' boundaries): the reminder of every open complaint that has
 * none, as filing writes it (`dueReminder`; due at once when its time has passed). Complaints filed
 * before filing wrote reminders have none (decision 0089). One statement when none is missing; the
 * key makes each reminder one row, kept once it has run, so a later start writes it again for
 * nobody.
 */
export async function planMissingDueReminders(db: Db): Promise<void> {
  const missing = await db
    .select({ id: complaints.id, createdAt: complaints.createdAt, dueAt: complaints.dueAt })
    .from(complaints)
    .where(
      and(
        eq(complaints.status, 'open'),
        sql`not exists (select 1 from ${effects} where ${effects.key} = ${COMPLAINT_DUE_REMINDER.key('')} || ${complaints.id}::text)`,
      ),
    );
  await enqueue(
    db,
    missing.map((complaint) => dueReminder(complaint.id, complaint.createdAt, complaint.dueAt)),
  );
}
