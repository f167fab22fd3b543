import { api } from '../../../lib/api-client';
import { ADMIN_USERS_PATH } from './get-admin-users';

/** POST /admin/users/{id}/store-credit: a goodwill credit with its reason (audited); answers the account's credit. */
export const giveStoreCredit = (userId: number, amount: string, reason: string) =>
  api.post<{ storeCredit: number }>(`${ADMIN_USERS_PATH}/${userId}/store-credit`, { amount, reason });
