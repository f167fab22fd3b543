import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { adminProductsKey } from '../../../lib/swr-keys';

/** Every product that is not deleted, drafts included. */
export function useAdminProducts(lang: string) {
  return useSWR<ApiAnswer<'GET /admin/products'>>(adminProductsKey(lang), { keepPreviousData: true });
}
