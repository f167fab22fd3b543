import type { Message } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** PUT /profile/save: makes an uploaded picture (its previewPath) the profile picture. */
export const saveAvatar = (profilePicture: string) => api.put<Message>('/profile/save', { profilePicture });
