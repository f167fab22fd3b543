import type { Role } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** PUT /admin/users/role: USER or ADMIN (the server refuses anything else, and the root admin). */
export const updateUserRole = (userId: number, newRole: Exclude<Role, 'ROOT_ADMIN'>) =>
  call('PUT /admin/users/role', { userId, newRole });
