import useSWR from 'swr';
import type { Product } from '@shop/contract';
import { adminProductsKey } from '../../../lib/swr-keys';

/** Every product that is not deleted, drafts included. */
export function useAdminProducts(lang: string) {
  return useSWR<Product[]>(adminProductsKey(lang), { keepPreviousData: true });
}
