import { colorNameIn, type CartItem, type Language } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { listCart } from '../cart/service.js';
import { sendMarketing, type MarketingResult } from '../newsletter/marketing.js';
import { orderedSinceSql } from '../orders/reads.js';
import { settingsRow } from '../settings/service.js';
import { absolute, renderCards } from './cards.js';
import { CART_REMINDER } from './effect-kinds.js';
import type { CampaignEffectDeps } from './effects.js';
import type { MarketingContent } from './mail.js';

const HOUR = 3_600_000;
/** The second reminder, after the first. */
export const SECOND_REMINDER_MS = 48 * HOUR;
/** A cart left longer than this before its first reminder was due is not reminded of (the rule switched on, the shop down). */
const LOOK_BACK_MS = 7 * 24 * HOUR;

/** The cart's last change in ms (its lines' newest), the line alias `c`. */
const changedMs = sql`floor(extract(epoch from max(c.updated_at)) * 1000)::bigint`;

/** A signed-in shopper whose address may receive marketing now (`u` users). */
const consented = sql`exists (select 1 from newsletter_subscribers s where s.email = lower(u.email)
  and s.status = 'subscribed' and not exists (select 1 from mail_suppressions m where m.email = s.email))`;

/**
 * The quarter-hourly look for carts left behind (YEAR.md section 4): each signed-in subscriber's
 * cart unchanged for `marketing.abandonedCartHours` (0: off) with no order since gets its first
 * reminder written, keyed by the account and the cart's last change, so that it is written once
 * however often this runs. The second is written by the first, once sent.
 */
export async function planCartReminders(db: Db, now = new Date()): Promise<number> {
  const { marketingAbandonedCartHours: hours } = await settingsRow(db);
  if (hours <= 0) return 0;
  const due = new Date(now.getTime() - hours * HOUR);
  const since = new Date(due.getTime() - LOOK_BACK_MS);
  const carts = await queryRows(
    db,
    z.object({ user_id: z.number(), changed: dbInt }),
    sql`select c.user_id, ${changedMs} as changed
      from cart_items c join users u on u.id = c.user_id
      where ${consented}
      group by c.user_id, u.email
      having max(c.updated_at) <= ${due.toISOString()}::timestamptz and max(c.updated_at) > ${since.toISOString()}::timestamptz
        and not ${orderedSinceSql(sql`c.user_id`, sql`max(c.updated_at)`)}`,
  );
  await enqueue(
    db,
    carts.map(({ user_id: userId, changed }) =>
      CART_REMINDER.effect({ userId, changedAt: changed, number: 1 }, { id: `${userId}:${changed}:1` }),
    ),
  );
  return carts.length;
}

/** Whether the cart is still as it was at `changedAt` (not emptied, not changed) and nothing was ordered since. */
async function stillLeft(db: Db, userId: number, changedAt: number): Promise<{ email: string } | undefined> {
  const [row] = await queryRows(
    db,
    z.object({ email: z.string() }),
    sql`select u.email from cart_items c join users u on u.id = c.user_id
      where c.user_id = ${userId}
      group by u.email
      having ${changedMs} = ${changedAt}
        and not ${orderedSinceSql(sql`${userId}::int`, sql`max(c.updated_at)`)}`,
  );
  return row;
}

const TEXTS = {
  en: {
    subject: 'You left something in your cart',
    preheader: 'Your pieces are still in your cart, at today’s prices.',
    heading: 'Still thinking it over?',
    intro: ['You left these pieces in your cart. Here they are at today’s prices; stock is not held for you.'],
    second: 'A last reminder: your cart is still waiting.',
    line: (line: CartItem) => `${line.colorName} · ${line.selectedSize} · ${line.quantity} pcs`,
    soldOut: 'Sold out in this size',
    few: (count: number) => `Only ${count} left`,
    label: 'Open my cart',
  },
  bg: {
    subject: 'Оставихте нещо в количката си',
    preheader: 'Продуктите все още са в количката ви, на днешните цени.',
    heading: 'Още ли се колебаете?',
    intro: ['Оставихте тези продукти в количката си. Ето ги на днешните цени; наличността не е запазена за вас.'],
    second: 'Последно напомняне: количката ви все още ви чака.',
    line: (line: CartItem) => `${colorNameIn(line, 'bg')} · ${line.selectedSize} · ${line.quantity} бр.`,
    soldOut: 'Изчерпан в този размер',
    few: (count: number) => `Остават само ${count}`,
    label: 'Към количката',
  },
} as const;

/** The reminder in `lang`: the cart's lines at today's prices and stock, and the link that opens the cart. */
export function reminderContent(
  deps: Pick<CampaignEffectDeps, 'links' | 'publicUrl' | 'currency'>,
  lines: CartItem[],
  lang: Language,
  number: 1 | 2,
): MarketingContent {
  const t = TEXTS[lang];
  const cards = lines.map((line) => {
    const stock =
      line.available === null
        ? null
        : line.available <= 0
          ? t.soldOut
          : line.available < 3
            ? t.few(line.available)
            : null;
    return {
      name: line.name,
      imageUrl: absolute(deps.publicUrl, line.imageUrl),
      url: deps.links.product(line.productId),
      price: line.price,
      sale: line.sale ?? null,
      note: [t.line(line), stock].filter(Boolean).join(' · '),
    };
  });
  return {
    subject: t.subject,
    preheader: t.preheader,
    heading: t.heading,
    intro: number === 2 ? [t.second, ...t.intro] : [...t.intro],
    block: renderCards(cards, lang, deps.currency),
    highlight: { kind: 'link', label: t.label, url: deps.links.cart() },
  };
}

/**
 * One reminder: only if the cart is still as it was left, nothing was ordered since, and the
 * address may receive marketing (sendMarketing asks). The first, once sent, writes the second
 * for two days later.
 */
export async function sendCartReminder(
  deps: CampaignEffectDeps,
  { userId, changedAt, number }: { userId: number; changedAt: number; number: 1 | 2 },
): Promise<MarketingResult | 'left'> {
  const { db } = deps;
  if ((await settingsRow(db)).marketingAbandonedCartHours <= 0) return 'left';
  const left = await stillLeft(db, userId, changedAt);
  if (!left) return 'left';
  const [subscriber] = await queryRows(
    db,
    z.object({ lang: z.enum(['en', 'bg']) }),
    sql`select lang from newsletter_subscribers where email = lower(${left.email})`,
  );
  const lines = await listCart(db, userId, subscriber?.lang ?? 'en');
  if (lines.length === 0) return 'left';
  const result = await sendMarketing(
    deps,
    left.email,
    (lang) => reminderContent(deps, lines, lang, number),
    `cart-reminder.${userId}.${changedAt}.${number}`,
  );
  if (result === 'sent' && number === 1) {
    await enqueue(db, [
      CART_REMINDER.effect(
        { userId, changedAt, number: 2 },
        { id: `${userId}:${changedAt}:2`, runAfter: new Date(Date.now() + SECOND_REMINDER_MS) },
      ),
    ]);
  }
  return result;
}
