import type { Message } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /auth/resend-otp: a new code (at most 3 mails an hour per address). */
export const resendOtp = (email: string) => api.post<Message>('/auth/resend-otp', { email }, { anonymous: true });
