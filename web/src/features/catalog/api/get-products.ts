import useSWR from 'swr';
import type { Product } from '@shop/contract';

/** The language is part of the key: switching language fetches the localized list. */
export const productsKey = (lang: string) => `/products?lang=${encodeURIComponent(lang)}`;

/**
 * Every published product, in one request; pages group them by category. Loading means nothing
 * to show yet: never while the server-rendered list (or the previous language's) is on screen.
 */
export function useProducts(lang: string) {
  const result = useSWR<Product[]>(productsKey(lang), { keepPreviousData: true });
  return { ...result, isLoading: !result.data && !result.error };
}
