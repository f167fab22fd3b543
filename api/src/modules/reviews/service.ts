import {
  colorNameIn,
  REVIEW_FITS,
  REVIEW_STATUSES,
  REVIEWS_PAGE_SIZE,
  reviewAuthor,
  reviewSummary,
  type AdminReview,
  type Language,
  type Review,
  type ReviewList,
  type ReviewStatus,
  type ReviewEligibility,
} from '@shop/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { onSale, productName } from '../../db/fragments.js';
import { dbInt, dbTimestamp, queryRows } from '../../db/rows.js';
import { productReviews } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { receivedLine, wasReceived } from '../orders/reads.js';
import { readWithShopper } from '../orders/store.js';
import { sizeReturnCounts } from '../returns/teach.js';
import type { ReviewInvitation } from './mail.js';

/**
 * Reviews from buyers (TRADE.md section 5; issue 31). A shopper may review a product they received:
 * an order of theirs holding it was delivered (a cancelled or undelivered order is no purchase).
 * Once each, held until an admin publishes it; only published reviews are shown or counted.
 */

const FitColumn = z.enum(REVIEW_FITS).nullable();

const ReviewRowSchema = z.object({
  id: z.number(),
  rating: z.number(),
  fit: FitColumn,
  title: z.string(),
  body: z.string(),
  name: z.string().nullable(),
  size: z.string(),
  color_name: z.string(),
  color_name_bg: z.string(),
  created_at: dbTimestamp,
});
type ReviewRow = z.infer<typeof ReviewRowSchema>;

const reviewColumns = sql`r.id, r.rating, r.fit, r.title, r.body, u.name, r.size, r.color_name, r.color_name_bg, r.created_at`;

const toReview = (row: ReviewRow, lang: Language): Review => ({
  id: row.id,
  rating: row.rating,
  fit: row.fit,
  title: row.title,
  body: row.body,
  author: reviewAuthor(row.name ?? ''),
  size: row.size,
  colorName: colorNameIn({ colorName: row.color_name, colorNameBg: row.color_name_bg }, lang),
  createdAt: row.created_at.toISOString(),
});

async function assertShown(db: Db, productId: number): Promise<void> {
  const shown = await queryRows(
    db,
    z.object({ id: z.number() }),
    sql`select p.id from products p where p.id = ${productId} and ${onSale()}`,
  );
  if (shown.length === 0) throw notFound('Product not found');
}

/** A product's published reviews, newest first, a page at a time, with the summary of them all. */
export async function listProductReviews(db: Db, productId: number, lang: Language, page = 1): Promise<ReviewList> {
  await assertShown(db, productId);
  const published = sql`r.product_id = ${productId} and r.status = 'published'`;
  const [groups, rows, returned] = await Promise.all([
    queryRows(
      db,
      z.object({ rating: z.number(), fit: FitColumn, count: dbInt }),
      sql`select r.rating, r.fit, count(*) as count from product_reviews r where ${published} group by r.rating, r.fit`,
    ),
    queryRows(
      db,
      ReviewRowSchema,
      sql`select ${reviewColumns} from product_reviews r join users u on u.id = r.user_id
        where ${published} order by r.created_at desc, r.id desc
        limit ${REVIEWS_PAGE_SIZE} offset ${(page - 1) * REVIEWS_PAGE_SIZE}`,
    ),
    sizeReturnCounts(db, productId),
  ]);
  const summary = { ...reviewSummary(groups), returned };
  // Page 1 is there even without reviews; another past the last is not (nor kept as an answer).
  if (page > 1 && (page - 1) * REVIEWS_PAGE_SIZE >= summary.count) throw notFound('There is no such page of reviews.');
  return { data: rows.map((row) => toReview(row, lang)), total: summary.count, summary };
}

export interface ReviewFields {
  rating: number;
  fit?: (typeof REVIEW_FITS)[number] | undefined;
  title: string;
  body: string;
}

const notABuyer = () =>
  new AppError('NOT_A_BUYER', 'Only customers with a delivered order of this product can review it.');
const alreadyReviewed = () => new AppError('ALREADY_REVIEWED', 'You have already reviewed this product.');

/**
 * Whether `user` may review the product (the same rules as `createReview`): once, and only with a
 * delivered order of it; an admin without one is told apart from a shopper.
 */
export async function reviewEligibility(
  db: Db,
  user: { id: number; role: string },
  productId: number,
): Promise<ReviewEligibility> {
  await assertShown(db, productId);
  const [mine] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, user.id)));
  if (mine) return { canReview: false, reason: 'already-reviewed' };
  if (await receivedLine(db, user.id, productId)) return { canReview: true, reason: null };
  return { canReview: false, reason: user.role === 'USER' ? 'not-a-buyer' : 'admin' };
}

/**
 * The shopper's review of a product they received, waiting for moderation. The size and colour are
 * those of the latest delivered line of it. Twice (a double click included: the unique index): 409.
 */
export async function createReview(
  db: Db,
  userId: number,
  productId: number,
  fields: ReviewFields,
): Promise<{ id: number; status: ReviewStatus }> {
  await assertShown(db, productId);
  const line = await receivedLine(db, userId, productId);
  if (!line) throw notABuyer();
  const [created] = await db
    .insert(productReviews)
    .values({
      productId,
      userId,
      orderId: line.orderId,
      rating: fields.rating,
      fit: fields.fit ?? null,
      title: fields.title,
      body: fields.body,
      size: line.size,
      colorName: line.colorName,
      colorNameBg: line.colorNameBg,
    })
    .onConflictDoNothing({ target: [productReviews.productId, productReviews.userId] })
    .returning({ id: productReviews.id, status: productReviews.status });
  if (!created) throw alreadyReviewed();
  return created;
}

const AdminReviewRowSchema = ReviewRowSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  product_id: z.number(),
  product_name: z.string(),
  email: z.string().nullable(),
  moderated_at: dbTimestamp.nullable(),
});

const toAdminReview = (row: z.infer<typeof AdminReviewRowSchema>, lang: Language): AdminReview => ({
  ...toReview(row, lang),
  status: row.status,
  productId: row.product_id,
  productName: row.product_name,
  email: row.email,
  moderatedAt: row.moderated_at?.toISOString() ?? null,
});

function adminQuery(where: SQL, lang: Language): SQL {
  return sql`select ${reviewColumns}, u.email, r.status, r.product_id, r.moderated_at,
      ${productName(lang)} as product_name
    from product_reviews r join users u on u.id = r.user_id join products p on p.id = r.product_id
    where ${where}`;
}

/** Most reviews one admin list shows: the oldest pending ones wait at the end of the queue. */
const ADMIN_LIST_MAX = 200;

/** The reviews of one state, for the admin: pending ones oldest first (a queue), the others newest first. */
export async function listReviewsForAdmin(db: Db, status: ReviewStatus, lang: Language): Promise<AdminReview[]> {
  const order =
    status === 'pending' ? sql`r.created_at, r.id` : sql`coalesce(r.moderated_at, r.created_at) desc, r.id desc`;
  const rows = await queryRows(
    db,
    AdminReviewRowSchema,
    sql`${adminQuery(sql`r.status = ${status}`, lang)} order by ${order} limit ${ADMIN_LIST_MAX}`,
  );
  return rows.map((row) => toAdminReview(row, lang));
}

/**
 * Publishes or hides a review (audited). A published review counts in the product's summary and
 * rating at once: the table's trigger tells every process's caches (migration 0021).
 */
export async function moderateReview(
  db: Db,
  actorId: number,
  id: number,
  status: 'published' | 'hidden',
  lang: Language,
): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(productReviews)
      .set({ status, moderatedAt: new Date(), moderatedBy: actorId })
      .where(sql`${productReviews.id} = ${id}`)
      .returning({ productId: productReviews.productId });
    if (!row) throw notFound('Review not found.');
    await audit(tx, {
      actorId,
      action: status === 'published' ? 'review.publish' : 'review.hide',
      target: `review:${id}`,
      detail: { productId: row.productId },
    });
  });
  const [review] = await queryRows(db, AdminReviewRowSchema, adminQuery(sql`r.id = ${id}`, lang));
  if (!review) throw notFound('Review not found.');
  return toAdminReview(review, lang);
}

/**
 * Whom a delivered order invites to review, and which of its products: those shown in the shop
 * that its shopper has not reviewed, named in the order's language. Null: no one to invite.
 */
export async function reviewInvitation(db: Db, orderId: number): Promise<ReviewInvitation | null> {
  const found = await readWithShopper(db, orderId);
  if (!found?.shopper || found.row.userId === null || !wasReceived(found.row)) return null;
  const { row, shopper } = found;
  const order = { user_id: row.userId, locale: row.locale, reference: row.reference, ...shopper };
  const products = await queryRows(
    db,
    z.object({ id: z.number(), name: z.string() }),
    sql`select p.id, ${productName(order.locale)} as name from products p
      where p.id in (select oi.product_id from order_items oi where oi.order_id = ${orderId}) and ${onSale()}
        and not exists (select 1 from product_reviews r where r.product_id = p.id and r.user_id = ${order.user_id})
      order by p.id`,
  );
  if (products.length === 0) return null;
  return { email: order.email, name: order.name, locale: order.locale, reference: order.reference, products };
}

/** A shopper's own reviews, whatever their state, newest first: their part of the account export. */
export async function listOwnReviews(db: Db, userId: number, lang: Language) {
  const rows = await queryRows(
    db,
    AdminReviewRowSchema,
    sql`${adminQuery(sql`r.user_id = ${userId}`, lang)} order by r.created_at desc, r.id desc`,
  );
  return rows.map((row) => {
    const { email: _email, author: _author, ...review } = toAdminReview(row, lang);
    return review;
  });
}
