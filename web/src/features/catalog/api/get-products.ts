import useSWR from 'swr';
import type { Product } from '@shop/contract';

/** The language is part of the key: switching language fetches the localized list. */
export const productsKey = (lang: string) => `/products?lang=${encodeURIComponent(lang)}`;

/** Every published product, in one request; pages group them by category. */
export function useProducts(lang: string) {
  return useSWR<Product[]>(productsKey(lang), { keepPreviousData: true });
}
