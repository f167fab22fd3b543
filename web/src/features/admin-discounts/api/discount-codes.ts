import useSWR from 'swr';
import type { DiscountCodeBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';

export const DISCOUNT_CODES_PATH = apiPath('GET /admin/discount-codes');

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const discountCodesKey = (token: string | null) => (token ? ([DISCOUNT_CODES_PATH, token] as const) : null);

/** GET /admin/discount-codes: every code with its uses. */
export function useDiscountCodes() {
  return useSWR<ApiAnswer<'GET /admin/discount-codes'>, ApiError>(discountCodesKey(useToken()));
}

/** POST /admin/discount-codes: a 409 when the code is taken (case ignored), a 400 with `fields`. */
export const createDiscountCode = (body: DiscountCodeBody) => call('POST /admin/discount-codes', body);

/** PUT /admin/discount-codes/{id}: the whole code again. */
export const updateDiscountCode = (id: number, body: DiscountCodeBody) =>
  call('PUT /admin/discount-codes/:id', { id }, body);

/** DELETE /admin/discount-codes/{id}. */
export const deleteDiscountCode = (id: number) => call('DELETE /admin/discount-codes/:id', { id });
