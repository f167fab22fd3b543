import { anonymousCall } from '../../../lib/api-client';

/** POST /auth/update-password: sets the new password with the mailed token and ends every session. */
export const updatePassword = (body: { resetToken: string; newPassword: string }) =>
  anonymousCall('POST /auth/update-password', body);
