import { averageRating, type ProductRating } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dbInt } from './rows.js';

/** The JSON of `ratingOf`: the sum and count of a product's published ratings. */
export const RatingJsonSchema = z.object({ sum: dbInt, count: dbInt }).nullable();

/** Product `productAlias`'s published reviews as `{ sum, count }`, or NULL while there is none. */
export const publishedRating = (productAlias = 'p'): SQL =>
  sql`(select json_build_object('sum', sum(r.rating), 'count', count(*))
     from product_reviews r where r.product_id = ${sql.identifier(productAlias)}.id and r.status = 'published'
     having count(*) > 0)`;

/** The stars a product's card shows: the contract's average (reviews.ts), never one worked out here. */
export function ratingOf(json: z.infer<typeof RatingJsonSchema>): ProductRating | null {
  const average = json ? averageRating(json.sum, json.count) : null;
  return json && average !== null ? { average, count: json.count } : null;
}
