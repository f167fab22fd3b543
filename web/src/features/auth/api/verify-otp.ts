import type { AuthResponse } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /auth/verify-otp: the mailed code verifies the email and starts a session. */
export const verifyOtp = (body: { email: string; otp: string }) =>
  api.post<AuthResponse>('/auth/verify-otp', body, { anonymous: true });
