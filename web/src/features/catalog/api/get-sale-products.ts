import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { saleKey } from '../../../lib/swr-keys';

/**
 * The published products whose sale is in force (`?onSale=true`). Loading means nothing to show
 * yet: never while the server-rendered list (or the previous language's) is on screen.
 */
export function useSaleProducts(lang: string) {
  const result = useSWR<ApiAnswer<'GET /products'>>(saleKey(lang), { keepPreviousData: true });
  return { ...result, isLoading: !result.data && !result.error };
}
