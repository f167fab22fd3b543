import useSWR from 'swr';
import { CATEGORY_IDS } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { categoryFaceKey, productsKey } from '../../../lib/swr-keys';

/**
 * Every published product, in one request; pages group them by category. Loading means nothing
 * to show yet: never while the server-rendered list (or the previous language's) is on screen.
 */
export function useProducts(lang: string) {
  const result = useSWR<ApiAnswer<'GET /products'>>(productsKey(lang), { keepPreviousData: true });
  return { ...result, isLoading: !result.data && !result.error };
}

/**
 * The first product of each of the three categories (the home page's faces), by category id.
 * Three small reads: the home page's HTML carries three products, not the whole catalogue.
 */
export function useCategoryFaces(lang: string) {
  const [first, second, third] = CATEGORY_IDS;
  const reads = [
    useSWR<ApiAnswer<'GET /products'>>(categoryFaceKey(lang, first), { keepPreviousData: true }),
    useSWR<ApiAnswer<'GET /products'>>(categoryFaceKey(lang, second), { keepPreviousData: true }),
    useSWR<ApiAnswer<'GET /products'>>(categoryFaceKey(lang, third), { keepPreviousData: true }),
  ];
  const faces = new Map(reads.flatMap((read) => read.data ?? []).map((product) => [product.categoryId, product]));
  return { faces, isLoading: reads.some((read) => !read.data && !read.error) };
}
