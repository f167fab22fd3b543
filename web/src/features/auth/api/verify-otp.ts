import { anonymousCall } from '../../../lib/api-client';

/** POST /auth/verify-otp: the mailed code verifies the email and starts a session. */
export const verifyOtp = (body: { email: string; otp: string }) => anonymousCall('POST /auth/verify-otp', body);
