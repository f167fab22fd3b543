import { call } from '../../../lib/api-client';

/** PUT /profile/save: makes an uploaded picture (its previewPath) the profile picture. */
export const saveAvatar = (profilePicture: string) => call('PUT /profile/save', { profilePicture });
