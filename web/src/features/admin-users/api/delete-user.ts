import { call } from '../../../lib/api-client';

/** DELETE /admin/users/{id}: never the root admin, never yourself (the server says so). */
export const deleteUser = (userId: number) => call('DELETE /admin/users/:id', { id: userId });
