import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { reviewsKey } from '../../../lib/swr-keys';

export { reviewsKey };

/**
 * GET /products/{id}/reviews: the page shown stays while the next one loads. The first page comes
 * with the server-rendered product page: taking it over asks the api nothing (the refresh interval
 * keeps it current, as it does every page read before).
 */
export function useReviews(productId: number, lang: string, page: number) {
  return useSWR<ApiAnswer<'GET /products/:id/reviews'>>(reviewsKey(productId, lang, page), {
    keepPreviousData: true,
    revalidateIfStale: false,
  });
}
