import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

/** The key of one session's answer for one product (the token only separates accounts). */
export const reviewEligibilityKey = (productId: number, token: string | null) =>
  token ? ([apiPath('GET /products/:id/reviews/mine', { id: productId }), token] as const) : null;

/**
 * GET /products/{id}/reviews/mine: whether the signed-in person may review the product, and why
 * not (issue 45); nothing is asked while signed out.
 */
export function useReviewEligibility(productId: number) {
  return useSWR<ApiAnswer<'GET /products/:id/reviews/mine'>>(reviewEligibilityKey(productId, useToken()));
}
