import type { Language } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { onSale, productName } from '../../db/fragments.js';
import { preparedRows } from '../../db/prepared.js';
import type { shopSettings } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { everDeliveredSql, lockedCheckoutsSql, openCodOrdersSql } from '../orders/reads.js';

type SettingsRow = typeof shopSettings.$inferSelect;

/** The shopper's checkout that a new one replaces: its order, and when its hold on stock lapses. */
const EarlierSchema = z.object({ id: z.number(), expiresMs: z.number().nullable() });
export type Earlier = z.infer<typeof EarlierSchema>;

/** What the account may still order, and the checkout it replaces (docs/decisions/0031). */
export interface Standing {
  earlier: Earlier[];
  /** A cash-on-delivery order now waits for the owner's confirmation (a new account, the setting on). */
  confirmationRequired: boolean;
}

const StandingRowSchema = z.object({
  earlier: z.array(EarlierSchema),
  open_cod: z.number(),
  new_account: z.boolean(),
  over_cap: z.array(z.object({ cartItemId: z.number(), name: z.string(), colorName: z.string(), size: z.string() })),
});

/**
 * Locks the shopper's pending checkout (the one a new checkout replaces) and reads what the
 * account may still order, in one statement, before any stock row is locked: its open (placed,
 * unshipped) cash-on-delivery orders, whether it ever had an order delivered, and the cart lines
 * of products on sale above the units one order may take of a colour and size. Call once the
 * shopper's checkouts take turns (`lockShopper`): two of them never count the same open orders.
 *
 * Refuses with 409 TOO_MANY_OPEN_ORDERS (cash on delivery at the cap) or 409 QUANTITY_LIMIT
 * (naming the lines above the units cap, sent as `lines` with the cap as `available`).
 */
export async function accountStanding(
  tx: Tx,
  userId: number,
  settings: SettingsRow,
  { cod, lang }: { cod: boolean; lang: Language },
): Promise<Standing> {
  const confirmNew = cod && settings.codConfirmNewAccounts;
  // Three variants of one statement: card, cash on delivery, and cash on delivery confirmed for new accounts.
  const [row] = await preparedRows(
    tx,
    StandingRowSchema,
    `account_standing_${cod ? 'cod' : 'card'}${confirmNew ? '_confirm' : ''}`,
    ($) => sql`
    with earlier as materialized (${lockedCheckoutsSql($.userId)})
    select
      coalesce((select json_agg(json_build_object('id', id, 'expiresMs', expires_ms)) from earlier), '[]') as earlier,
      ${cod ? openCodOrdersSql($.userId) : sql`0`} as open_cod,
      ${confirmNew ? sql`not ${everDeliveredSql($.userId)}` : sql`false`} as new_account,
      coalesce((select json_agg(json_build_object('cartItemId', c.id, 'name', ${productName(sql`${$.lang}`)},
          'colorName', pc.color_name, 'size', c.size) order by c.id)
        from cart_items c join products p on p.id = c.product_id join product_colors pc on pc.id = c.color_id
        where c.user_id = ${$.userId} and ${onSale()} and c.quantity > ${$.maxUnits}), '[]') as over_cap`,
    { userId, lang, maxUnits: settings.maxUnitsPerVariant },
  );
  // A select without `from`: always exactly one row.
  if (!row) throw new Error('accountStanding: no row');
  if (cod && row.open_cod >= settings.codMaxOpenOrders) {
    throw new AppError(
      'TOO_MANY_OPEN_ORDERS',
      `You already have ${row.open_cod} cash-on-delivery orders on their way to being shipped. ` +
        'Please wait until one of them ships, or pay by card.',
    );
  }
  if (row.over_cap.length > 0) {
    const cap = settings.maxUnitsPerVariant;
    const named = row.over_cap.map((line) => `${line.name} (${line.colorName}, ${line.size})`).join(', ');
    const refused = new AppError(
      'QUANTITY_LIMIT',
      `One order may take at most ${cap} of one colour and size: ${named}. Please lower the quantity.`,
    );
    refused.lines = row.over_cap.map((line) => ({ cartItemId: line.cartItemId, available: cap }));
    throw refused;
  }
  return { earlier: row.earlier, confirmationRequired: row.new_account };
}

/**
 * When the new checkout's hold on stock lapses: a checkout that replaces one still running keeps
 * its expiry (a shopper cannot hold stock past it by checking out again); else `fresh`.
 */
export function holdUntil(earlier: Earlier[], fresh: Date): Date {
  const now = Date.now();
  const running = earlier.flatMap((order) =>
    order.expiresMs !== null && order.expiresMs > now ? [order.expiresMs] : [],
  );
  return running.length > 0 ? new Date(Math.min(fresh.getTime(), ...running)) : fresh;
}
