import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  SizeSchema,
  colorNameIn,
  type CreateStockAlertBody,
  type Language,
  type StockAlert,
} from '@shop/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { availableStock, onSale, productName } from '../../db/fragments.js';
import { dbTimestamp, queryRows } from '../../db/rows.js';
import { stockAlerts } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { BACK_IN_STOCK_MAIL, type BackInStock } from './effect-kinds.js';

/** Alerts one shopper may keep at once. */
export const ALERTS_PER_USER = 50;

/** A row of alertsSelect. */
const AlertRowSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  color_id: z.number(),
  size: SizeSchema,
  name: z.string(),
  color_name: z.string(),
  color_name_bg: z.string(),
  image_url: z.string(),
  created_at: dbTimestamp,
});
type AlertRow = z.infer<typeof AlertRowSchema>;

const toAlert = (row: AlertRow): StockAlert => ({
  id: row.id,
  productId: row.product_id,
  colorId: row.color_id,
  size: row.size,
  name: row.name,
  colorName: row.color_name,
  colorNameBg: row.color_name_bg,
  imageUrl: row.image_url,
  createdAt: row.created_at.toISOString(),
});

function alertsSelect(where: SQL, lang: Language): SQL {
  return sql`
    select a.id, a.product_id, a.color_id, a.size, a.created_at, ${productName(lang)} as name, c.color_name,
      c.color_name_bg, coalesce(nullif(c.image_url, ''), p.image_url) as image_url
    from stock_alerts a
    join products p on p.id = a.product_id
    join product_colors c on c.id = a.color_id
    where ${where}
    order by a.id`;
}

export async function listAlerts(db: Db, userId: number, lang: Language): Promise<StockAlert[]> {
  const rows = await queryRows(db, AlertRowSchema, alertsSelect(sql`a.user_id = ${userId}`, lang));
  return rows.map(toAlert);
}

/**
 * "Tell me when it's back" for a sold-out colour and size of a product on sale that tracks stock.
 * Asking twice answers the same alert (`created` false). A variant that can be bought now is a
 * 409 IN_STOCK: the shopper can put it in the cart instead.
 */
export async function createAlert(
  db: Db,
  userId: number,
  input: CreateStockAlertBody & { productId: number; colorId: number },
  lang: Language,
): Promise<{ alert: StockAlert; created: boolean }> {
  const [row] = await queryRows(
    db,
    z.object({
      stock_tracked: z.boolean(),
      has_color: z.boolean(),
      has_size: z.boolean(),
      available: z.number(),
      alerts: z.number(),
    }),
    sql`
    select p.stock_tracked,
      exists (select 1 from product_colors c where c.id = ${input.colorId} and c.product_id = p.id) as has_color,
      exists (select 1 from product_sizes s where s.product_id = p.id and s.size = ${input.size}) as has_size,
      (select ${availableStock()} from (select 1) one
         left join product_stock ps on ps.color_id = ${input.colorId} and ps.size = ${input.size}) as available,
      (select count(*)::int from stock_alerts where user_id = ${userId}) as alerts
    from products p where p.id = ${input.productId} and ${onSale()}`,
  );
  const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });
  if (!row) throw invalid('productId', 'This product is not available.');
  if (!row.has_color) throw invalid('colorId', 'This colour is not available for this product.');
  if (!row.has_size) throw invalid('size', `Size ${input.size} is not available for this product.`);
  if (!row.stock_tracked || row.available > 0) {
    throw conflict('IN_STOCK', 'This size is in stock: you can add it to your cart.');
  }
  const inserted =
    row.alerts < ALERTS_PER_USER
      ? await db
          .insert(stockAlerts)
          .values({ userId, productId: input.productId, colorId: input.colorId, size: input.size })
          .onConflictDoNothing({ target: [stockAlerts.userId, stockAlerts.colorId, stockAlerts.size] })
          .returning({ id: stockAlerts.id })
      : [];
  const created = inserted.length > 0;
  const where = sql`a.user_id = ${userId} and a.color_id = ${input.colorId} and a.size = ${input.size}`;
  const [alert] = (await queryRows(db, AlertRowSchema, alertsSelect(where, lang))).map(toAlert);
  if (!alert) {
    throw new AppError('BAD_REQUEST', `You can wait for at most ${ALERTS_PER_USER} sizes at once.`);
  }
  return { alert, created };
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.id, id), eq(stockAlerts.userId, userId)))
    .returning({ id: stockAlerts.id });
  if (removed.length === 0) throw notFound('Alert not found.');
}

/**
 * Hands every shopper whose awaited variant can be bought again to the outbox, once: each alert
 * is deleted in the same transaction that writes its mail (an effect, stock/effects.ts), so two
 * processes (or two calls) never mail it twice, and a crash loses no mail. Run after anything
 * that can bring a sold-out variant back (a stock edit, released checkouts, a restock). Answers
 * how many were found.
 */
export async function collectBackInStock(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      z.object({
        id: z.number(),
        email: z.string(),
        name: z.string(),
        // A locale the column's type does not check: the mail goes out in the default language.
        locale: z.enum(LANGUAGES).catch(DEFAULT_LANGUAGE),
        product_id: z.number(),
        size: z.string(),
        color_name: z.string(),
        color_name_bg: z.string(),
        product_name: z.string(),
      }),
      sql`
      with back as (
        delete from stock_alerts a
        using products p, product_stock ps
        where p.id = a.product_id and ${onSale()} and p.stock_tracked
          and ps.color_id = a.color_id and ps.size = a.size and ps.on_hand > ps.reserved
        returning a.id, a.user_id, a.product_id, a.color_id, a.size
      )
      select back.id, u.email, u.name, u.locale, back.product_id, back.size, c.color_name, c.color_name_bg,
        ${productName(sql`u.locale`)} as product_name
      from back
      join users u on u.id = back.user_id
      join products p on p.id = back.product_id
      join product_colors c on c.id = back.color_id`,
    );
    await enqueue(
      tx,
      rows.map((row) => {
        const alert: BackInStock = {
          email: row.email,
          name: row.name,
          locale: row.locale,
          productId: row.product_id,
          productName: row.product_name,
          colorName: colorNameIn({ colorName: row.color_name, colorNameBg: row.color_name_bg }, row.locale),
          size: row.size,
        };
        return BACK_IN_STOCK_MAIL.effect(alert, { id: row.id });
      }),
    );
    return rows.length;
  });
}
