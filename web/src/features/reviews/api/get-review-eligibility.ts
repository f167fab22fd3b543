import useSWR from 'swr';
import type { ReviewEligibility } from '@shop/contract';
import { useToken } from '../../../lib/session';

/** The key of one session's answer for one product (the token only separates accounts). */
export const reviewEligibilityKey = (productId: number, token: string | null) =>
  token ? ([`/products/${productId}/reviews/mine`, token] as const) : null;

/**
 * GET /products/{id}/reviews/mine: whether the signed-in person may review the product, and why
 * not (issue 45); nothing is asked while signed out.
 */
export function useReviewEligibility(productId: number) {
  return useSWR<ReviewEligibility>(reviewEligibilityKey(productId, useToken()));
}
