import type { Message } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /auth/reset-password: mails a link when the account exists (the answer is the same either way). */
export const requestPasswordReset = (email: string) =>
  api.post<Message>('/auth/reset-password', { email }, { anonymous: true });
