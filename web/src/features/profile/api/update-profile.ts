import type { UpdateProfileBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** PUT /profile: name, address and phone (the email is read-only). */
export const updateProfile = (body: Pick<UpdateProfileBody, 'name' | 'address' | 'phone'>) =>
  call('PUT /profile', body);
