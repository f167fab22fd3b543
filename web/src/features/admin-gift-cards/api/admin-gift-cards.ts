import useSWR from 'swr';
import type { AdminGiftCardBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { useToken } from '../../../lib/session';

const PATH = apiPath('GET /admin/gift-cards');

/** GET /admin/gift-cards?page=: a page of issued cards and the outstanding balance (the key carries the token). */
export function useAdminGiftCards(page: number) {
  const token = useToken();
  return useSWR<ApiAnswer<'GET /admin/gift-cards'>, ApiError>(
    token ? [apiPath('GET /admin/gift-cards', { page }), token] : null,
    {
      keepPreviousData: true,
    },
  );
}

/** Every cached page of the list: what a new card or a void changes. */
export const isAdminGiftCardsKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(`${PATH}?`);

export const giveGiftCard = (body: AdminGiftCardBody) => call('POST /admin/gift-cards', body);
export const voidGiftCard = (id: number) => call('POST /admin/gift-cards/:id/void', { id }, {});
export const giftCardLedger = (id: number) => call('GET /admin/gift-cards/:id/ledger', { id });
export const downloadGiftCards = (lang: string) =>
  downloadFromApi(`${PATH}/export.csv?lang=${encodeURIComponent(lang)}`, 'gift-cards.csv');
