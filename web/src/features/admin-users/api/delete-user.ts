import { api } from '../../../lib/api-client';
import { ADMIN_USERS_PATH } from './get-admin-users';

/** DELETE /admin/users/{id}: never the root admin, never yourself (the server says so). */
export const deleteUser = (userId: number) => api.delete<{ success: true }>(`${ADMIN_USERS_PATH}/${userId}`);
