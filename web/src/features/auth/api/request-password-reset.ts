import { anonymousCall } from '../../../lib/api-client';

/** POST /auth/reset-password: mails a link when the account exists (the answer is the same either way). */
export const requestPasswordReset = (email: string) => anonymousCall('POST /auth/reset-password', { email });
