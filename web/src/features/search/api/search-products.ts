import useSWR from 'swr';
import { SEARCH_MAX_LENGTH } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { searchKey } from '../../../lib/swr-keys';

/** What a shopper searches for, as the address carries it: trimmed and cut to what the api takes. */
export const searchTerms = (raw: string | null) => (raw ?? '').trim().slice(0, SEARCH_MAX_LENGTH);

/** The products matching `q` in `lang` (nothing asked while `q` is empty). */
export function useSearch(q: string, lang: string) {
  const result = useSWR<ApiAnswer<'GET /products'>>(q ? searchKey(lang, q) : null, { keepPreviousData: true });
  return { ...result, isLoading: Boolean(q) && !result.data && !result.error };
}
