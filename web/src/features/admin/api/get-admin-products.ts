import useSWR from 'swr';
import type { Product } from '@shop/contract';

/** Every product that is not deleted, drafts included. */
export const adminProductsKey = (lang: string) => `/admin/products?lang=${encodeURIComponent(lang)}`;

export function useAdminProducts(lang: string) {
  return useSWR<Product[]>(adminProductsKey(lang), { keepPreviousData: true });
}
