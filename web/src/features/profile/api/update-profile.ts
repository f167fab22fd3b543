import type { Message, UpdateProfileBody } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** PUT /profile: name, address and phone (the email is read-only). */
export const updateProfile = (body: Pick<UpdateProfileBody, 'name' | 'address' | 'phone'>) =>
  api.put<Message>('/profile', body);
