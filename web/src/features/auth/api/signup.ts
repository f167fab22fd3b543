import type { SignupBody } from '@shop/contract';
import { anonymousCall } from '../../../lib/api-client';

/** POST /auth/signup: 201 and a 6-digit code mailed to the address; 409 EMAIL_TAKEN. */
export const signup = (body: SignupBody) => anonymousCall('POST /auth/signup', body);
