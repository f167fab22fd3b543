import { call } from '../../../lib/api-client';

/** POST /profile/upload: the server checks, re-encodes and stores the picture; answers where it can be seen. */
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('profilePicture', file);
  return call('POST /profile/upload', body);
}
