import { anonymousCall } from '../../../lib/api-client';

/**
 * POST /auth/login: 404 unknown email, 401 wrong password, 403 EMAIL_NOT_VERIFIED, 429 too many
 * failures. Sent without a stored token, so its 401 never ends a session.
 */
export const login = (body: { email: string; password: string }) => anonymousCall('POST /auth/login', body);
