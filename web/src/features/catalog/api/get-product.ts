import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { productKey } from '../../../lib/swr-keys';

/** Product ids are positive integers; anything else cannot exist, so it is never requested. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * One product in the given language. While a language switch refetches, the product already
 * shown stays (it carries every translation); another product's data is never kept.
 */
export function useProduct(id: number | null, lang: string) {
  const result = useSWR<ApiAnswer<'GET /products/:id'>>(id === null ? null : productKey(id, lang), {
    keepPreviousData: true,
  });
  const data = result.data && result.data.id === id ? result.data : undefined;
  // Loading means nothing to show yet (never while the server-rendered product is on screen).
  return { ...result, data, isLoading: id !== null && !data && !result.error };
}
