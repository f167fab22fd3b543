import type { Role } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_PATH } from './get-admin-users';

/** PUT /admin/users/role: USER or ADMIN (the server refuses anything else, and the root admin). */
export const updateUserRole = (userId: number, newRole: Exclude<Role, 'ROOT_ADMIN'>) =>
  api.put<{ success: true }>(`${ADMIN_USERS_PATH}/role`, { userId, newRole });
