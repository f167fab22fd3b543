import useSWR from 'swr';
import type { ReviewStatus } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

const PATH = apiPath('GET /admin/reviews');

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const adminReviewsKey = (token: string | null, status: ReviewStatus, lang: string) =>
  token ? ([apiPath('GET /admin/reviews', { status, lang }), token] as const) : null;

/** GET /admin/reviews?status=: the reviews of one state (pending ones oldest first). */
export function useAdminReviews(status: ReviewStatus, lang: string) {
  return useSWR<ApiAnswer<'GET /admin/reviews'>, ApiError>(adminReviewsKey(useToken(), status, lang), {
    keepPreviousData: true,
  });
}

/** Every cached list of reviews, whatever its state: what a publish or hide changes. */
export const isAdminReviewsKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(`${PATH}?`);

/** POST /admin/reviews/{id}/publish or /hide: the review as it is now. */
export const moderateReview = (id: number, action: 'publish' | 'hide', lang: string) =>
  action === 'publish'
    ? call('POST /admin/reviews/:id/publish', { id, lang })
    : call('POST /admin/reviews/:id/hide', { id, lang });
