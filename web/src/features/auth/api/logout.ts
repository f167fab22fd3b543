import { call } from '../../../lib/api-client';

/** POST /auth/logout: the server revokes this token (204). */
export const logout = () => call('POST /auth/logout');
