import useSWR from 'swr';
import type { ReviewList } from '@shop/contract';

/** One page of a product's published reviews, in one language (the colour bought is named in it). */
export const reviewsKey = (productId: number, lang: string, page: number) =>
  `/products/${productId}/reviews?lang=${encodeURIComponent(lang)}&page=${page}`;

/** GET /products/{id}/reviews: the page shown stays while the next one loads. */
export function useReviews(productId: number, lang: string, page: number) {
  return useSWR<ReviewList>(reviewsKey(productId, lang, page), { keepPreviousData: true });
}
