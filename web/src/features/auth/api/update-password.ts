import type { Message } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /auth/update-password: sets the new password with the mailed token and ends every session. */
export const updatePassword = (body: { resetToken: string; newPassword: string }) =>
  api.post<Message>('/auth/update-password', body, { anonymous: true });
