import { anonymousCall } from '../../../lib/api-client';

/** POST /auth/resend-otp: a new code (at most 3 mails an hour per address). */
export const resendOtp = (email: string) => anonymousCall('POST /auth/resend-otp', { email });
