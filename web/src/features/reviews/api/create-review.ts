import type { ReviewBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/**
 * POST /products/{id}/reviews: 201 waiting for moderation; 403 NOT_A_BUYER without a delivered order
 * of it; 409 ALREADY_REVIEWED the second time; 400 with `fields`.
 */
export const createReview = (productId: number, body: ReviewBody) =>
  call('POST /products/:id/reviews', { id: productId }, body);
