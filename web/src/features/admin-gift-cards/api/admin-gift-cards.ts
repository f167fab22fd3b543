import useSWR from 'swr';
import type { AdminGiftCard, AdminGiftCardBody, AdminGiftCardList, GiftCardLedger } from '@shop/contract';
import { api, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { useToken } from '../../../lib/session';

const PATH = '/admin/gift-cards';

/** GET /admin/gift-cards?page=: a page of issued cards and the outstanding balance (the key carries the token). */
export function useAdminGiftCards(page: number) {
  const token = useToken();
  return useSWR<AdminGiftCardList, ApiError>(token ? [`${PATH}?page=${page}`, token] : null, {
    keepPreviousData: true,
  });
}

/** Every cached page of the list: what a new card or a void changes. */
export const isAdminGiftCardsKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(`${PATH}?`);

export const giveGiftCard = (body: AdminGiftCardBody) => api.post<AdminGiftCard>(PATH, body);
export const voidGiftCard = (id: number) => api.post<AdminGiftCard>(`${PATH}/${id}/void`, {});
export const giftCardLedger = (id: number) => api.get<GiftCardLedger>(`${PATH}/${id}/ledger`);
export const downloadGiftCards = (lang: string) =>
  downloadFromApi(`${PATH}/export.csv?lang=${encodeURIComponent(lang)}`, 'gift-cards.csv');
