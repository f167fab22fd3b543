import type { PublicWithdrawalBody, Withdrawal } from '@shop/contract';
import { api } from '../../../lib/api-client';

/**
 * The public withdrawal (OPERATIONS.md section 6): order number, the email it was placed with and
 * a name, no login. 201 with the withdrawal (its `submittedAt`); 404 when order and email do not
 * match; 409 `ALREADY_WITHDRAWN` / `WITHDRAWAL_PERIOD_OVER` / `INVALID_TRANSITION`; 429.
 */
export const submitWithdrawal = (body: PublicWithdrawalBody) =>
  api.post<Withdrawal>('/withdrawals', body, { anonymous: true });
