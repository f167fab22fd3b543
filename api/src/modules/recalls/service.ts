import {
  colorNameIn,
  type Recall,
  type RecallBody,
  type RecallPublished,
  type RecallTextsBody,
  type RecallVariant,
} from '@shop/contract';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { productColors, products, productSizes, productTranslations, recalls } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { enqueue } from '../../platform/outbox/outbox.js';
import { buyersOfVariants } from '../orders/reads.js';
import { settingsRow } from '../settings/service.js';
import { RECALL_MAIL } from './effect-kinds.js';

type RecallRow = typeof recalls.$inferSelect;

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

export const toRecall = (row: RecallRow): Recall => ({
  id: row.id,
  productId: row.productId,
  title: row.title,
  hazard: row.hazard,
  remedy: row.remedy,
  product: row.product,
  allVariants: row.variants.length === 0,
  variants: row.variants,
  soldFrom: row.soldFrom?.toISOString() ?? null,
  soldTo: row.soldTo?.toISOString() ?? null,
  contact: row.contact,
  publishedAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  closedAt: row.closedAt?.toISOString() ?? null,
});

/** The colours and sizes named, checked against the product's own (400 naming the pair), without repeats. */
async function chosenVariants(tx: Tx, productId: number, body: RecallBody): Promise<RecallVariant[]> {
  const wanted = body.variants ?? [];
  if (wanted.length === 0) return [];
  const [colors, sizes] = await Promise.all([
    tx.select().from(productColors).where(eq(productColors.productId, productId)),
    tx.select({ size: productSizes.size }).from(productSizes).where(eq(productSizes.productId, productId)),
  ]);
  const colorOf = new Map(colors.map((color) => [color.id, color]));
  const sizeSet = new Set(sizes.map((row) => row.size));
  const seen = new Map<string, RecallVariant>();
  wanted.forEach(({ colorId, size }, index) => {
    const color = colorOf.get(colorId);
    if (!color) throw invalid(`variants.${index}.colorId`, 'This colour is not one of the product’s.');
    if (!sizeSet.has(size)) throw invalid(`variants.${index}.size`, 'This size is not one of the product’s.');
    seen.set(`${colorId}:${size}`, {
      colorId,
      colorName: { en: color.colorName, bg: colorNameIn(color, 'bg') },
      size,
    });
  });
  return [...seen.values()];
}

/**
 * Publishes a product safety recall (Regulation (EU) 2023/988, Arts. 35–36; decision 0059): the
 * notice keeps the product as it is now (names, picture, identifier, brand), the colours and sizes
 * named (none: all), when the shop sold them and the seller's contact. In the same transaction,
 * one mail effect per order that holds an affected line (keyed by recall and order: one mail per
 * order, whatever the lines), not for cancelled orders or lines refunded in full. The product is
 * locked, so a second click with the same title meets the first (409 RECALL_EXISTS). Audited.
 */
export async function publishRecall(
  db: Db,
  actorId: number,
  productId: number,
  body: RecallBody,
): Promise<RecallPublished> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .for('update');
    if (!product) throw notFound('Product not found');
    const variants = await chosenVariants(tx, productId, body);
    const [same] = await tx
      .select({ id: recalls.id })
      .from(recalls)
      .where(and(eq(recalls.productId, productId), sql`${recalls.title}->>'en' = ${body.title.en}`));
    if (same) throw conflict('RECALL_EXISTS', `This recall of the product is published already (notice ${same.id}).`);
    const names = await tx.select().from(productTranslations).where(eq(productTranslations.productId, productId));
    const nameIn = (language: 'en' | 'bg') => names.find((row) => row.language === language)?.name ?? '';
    const seller = await settingsRow(tx);
    const buyers = await buyersOfVariants(tx, productId, variants);
    const orderIds = buyers.map((buyer) => buyer.orderId);
    const times = buyers.map((buyer) => buyer.placedAt.getTime());
    const [row] = await tx
      .insert(recalls)
      .values({
        productId,
        title: body.title,
        hazard: body.hazard,
        remedy: body.remedy,
        variants,
        product: {
          name: { en: nameIn('en'), bg: nameIn('bg') || nameIn('en') },
          styleCode: product.styleCode ?? '',
          imageUrl: product.imageUrl,
          brand: product.manufacturer?.name || seller.sellerLegalName,
        },
        contact: {
          name: seller.sellerLegalName,
          email: seller.sellerEmail,
          phone: seller.sellerPhone,
          address: seller.sellerAddress,
        },
        soldFrom: times.length > 0 ? new Date(Math.min(...times)) : null,
        soldTo: times.length > 0 ? new Date(Math.max(...times)) : null,
        createdBy: actorId,
      })
      .returning();
    const recall = row!;
    await enqueue(
      tx,
      orderIds.map((orderId) =>
        RECALL_MAIL.effect({ recallId: recall.id, orderId }, { id: `${recall.id}-${orderId}`, orderId }),
      ),
    );
    await audit(tx, {
      actorId,
      action: 'product.recall',
      target: `product:${productId}`,
      detail: { recallId: recall.id, variants: variants.length, orders: orderIds.length },
    });
    return { recall: toRecall(recall), mailed: orderIds.length };
  });
}

/** Every published recall, the newest first (a shop has few). */
export async function listRecalls(db: Db): Promise<Recall[]> {
  const rows = await db.select().from(recalls).orderBy(desc(recalls.createdAt), desc(recalls.id));
  return rows.map(toRecall);
}

/** One recall notice, or 404. */
export async function readRecall(db: Db | Tx, id: number): Promise<Recall> {
  const [row] = await db.select().from(recalls).where(eq(recalls.id, id));
  if (!row) throw notFound('Recall not found');
  return toRecall(row);
}

/** The recall locked for a change by the owner: 404 when unknown, 409 RECALL_CLOSED once closed. */
async function openRecallForUpdate(tx: Tx, id: number): Promise<RecallRow> {
  const [row] = await tx.select().from(recalls).where(eq(recalls.id, id)).for('update');
  if (!row) throw notFound('Recall not found');
  if (row.closedAt)
    throw conflict('RECALL_CLOSED', `This recall was closed on ${row.closedAt.toISOString().slice(0, 10)}.`);
  return row;
}

/**
 * The owner corrects a recall's texts (title, hazard, remedy in both languages; decision 0064):
 * the product, the colours and sizes, the dates and the contact stay as published, and nobody is
 * mailed again (the mails link the notice, which shows the texts as they are now). Another notice
 * of the product with the same English title: 409 RECALL_EXISTS; a closed one: 409 RECALL_CLOSED.
 * Audited.
 */
export async function editRecall(db: Db, actorId: number, id: number, body: RecallTextsBody): Promise<Recall> {
  return db.transaction(async (tx) => {
    const row = await openRecallForUpdate(tx, id);
    const [same] = await tx
      .select({ id: recalls.id })
      .from(recalls)
      .where(
        and(eq(recalls.productId, row.productId), ne(recalls.id, id), sql`${recalls.title}->>'en' = ${body.title.en}`),
      );
    if (same) throw conflict('RECALL_EXISTS', `Another recall of the product has this title (notice ${same.id}).`);
    const [edited] = await tx
      .update(recalls)
      .set({ title: body.title, hazard: body.hazard, remedy: body.remedy, editedAt: new Date() })
      .where(eq(recalls.id, id))
      .returning();
    await audit(tx, { actorId, action: 'recall.edit', target: `recall:${id}`, detail: { productId: row.productId } });
    return toRecall(edited!);
  });
}

/**
 * The owner closes a recall (decision 0064): it stays at /recalls, marked closed with its date,
 * and its notice says so; it is not edited afterwards (409 RECALL_CLOSED, a second close too).
 * Audited.
 */
export async function closeRecall(db: Db, actorId: number, id: number): Promise<Recall> {
  return db.transaction(async (tx) => {
    const row = await openRecallForUpdate(tx, id);
    const [closed] = await tx.update(recalls).set({ closedAt: new Date() }).where(eq(recalls.id, id)).returning();
    await audit(tx, { actorId, action: 'recall.close', target: `recall:${id}`, detail: { productId: row.productId } });
    return toRecall(closed!);
  });
}
