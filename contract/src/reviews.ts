import { z } from 'zod';
import { multilineText, text } from './text.js';
import { LangSchema } from './common.js';
import { REVIEW_BODY_MAX, REVIEW_FITS, REVIEW_STATUSES, REVIEW_TITLE_MAX } from './review-rules.js';

/**
 * Reviews from buyers (TRADE.md section 5; issue 31): only a shopper with a delivered order of the
 * product may write one, once; each waits for an admin to publish it. Their text is plain text
 * everywhere: kept as written, never read as HTML.
 */

/** `POST /api/products/{id}/reviews`. */
export const ReviewBodySchema = z.object({
  rating: z
    .number({ message: 'Choose a rating from 1 to 5 stars.' })
    .int('Choose a rating from 1 to 5 stars.')
    .min(1, 'Choose a rating from 1 to 5 stars.')
    .max(5, 'Choose a rating from 1 to 5 stars.'),
  fit: z.enum(REVIEW_FITS, { message: 'Say whether it runs small, true to size or large.' }).optional(),
  title: text({ message: 'Give your review a title.' })
    .trim()
    .min(1, 'Give your review a title.')
    .max(REVIEW_TITLE_MAX, `A title has at most ${REVIEW_TITLE_MAX} characters.`),
  body: multilineText({ message: 'Write what you thought of it.' })
    .trim()
    .min(1, 'Write what you thought of it.')
    .max(REVIEW_BODY_MAX, `A review has at most ${REVIEW_BODY_MAX} characters.`),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

export const ReviewSchema = z.object({
  id: z.number(),
  rating: z.number(),
  fit: z.enum(REVIEW_FITS).nullable(),
  title: z.string(),
  body: z.string(),
  /** The reviewer's first name and initial ("Maria P."). */
  author: z.string(),
  /** The size and colour they bought (the colour in the request's language). */
  size: z.string(),
  colorName: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewSummarySchema = z.object({
  /** The mean of the ratings to one decimal; null while there is none. */
  average: z.number().nullable(),
  count: z.number(),
  /** How many said it runs small, true to size, large. */
  fit: z.object({ small: z.number(), true: z.number(), large: z.number() }),
  /** How many returns said it was too small or too large (YEAR.md section 2; the API always sends it). */
  returned: z.object({ small: z.number(), large: z.number() }).optional(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewListSchema = z.object({
  data: z.array(ReviewSchema),
  total: z.number(),
  summary: ReviewSummarySchema,
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

const PAGE = 'Give the page as a whole number from 1.';
export const ReviewListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, PAGE)
    .transform(Number)
    .optional(),
  lang: LangSchema,
});

/** A review as the admin moderates it: the product and who wrote it, and its state. */
export const AdminReviewSchema = ReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  productId: z.number(),
  productName: z.string(),
  /** The reviewer's email (null once their account is gone). */
  email: z.string().nullable(),
  moderatedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { message: 'The status is pending, published or hidden.' }).default('pending'),
  lang: LangSchema,
});
export const AdminReviewListSchema = z.object({ data: z.array(AdminReviewSchema) });
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>;

/** A product's stars on its card: from the published reviews; null while there is none. */
export const ProductRatingSchema = z.object({ average: z.number(), count: z.number() });
export type ProductRating = z.infer<typeof ProductRatingSchema>;

/** `POST /api/products/{id}/reviews` → 201: the review waits for moderation. */
export const ReviewCreatedSchema = z.object({ id: z.number(), status: z.enum(REVIEW_STATUSES) });
export type ReviewCreated = z.infer<typeof ReviewCreatedSchema>;

/** Why a signed-in person may not review a product: no delivered order of it (an admin's words apart), or once only. */
export const REVIEW_REFUSALS = ['not-a-buyer', 'admin', 'already-reviewed'] as const;

/**
 * `GET /products/{id}/reviews/mine`: whether the signed-in person may review the product, asked
 * before the form is shown (issue 45), and why not.
 */
export const ReviewEligibilitySchema = z.object({
  canReview: z.boolean(),
  reason: z.enum(REVIEW_REFUSALS).nullable(),
});
export type ReviewEligibility = z.infer<typeof ReviewEligibilitySchema>;
