import { call } from '../../../lib/api-client';

/** POST /admin/users/{id}/store-credit: a goodwill credit with its reason (audited); answers the account's credit. */
export const giveStoreCredit = (userId: number, amount: string, reason: string) =>
  call('POST /admin/users/:id/store-credit', { id: userId }, { amount, reason });
