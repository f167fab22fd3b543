import { anonymousCall, call } from '../../../lib/api-client';

export { subscribe } from '../../../lib/newsletter';

/** POST /newsletter/confirm: 200 subscribed; 400 `INVALID_TOKEN`; 410 `TOKEN_EXPIRED`. */
export const confirmNewsletter = (token: string) => anonymousCall('POST /newsletter/confirm', { token });

/** POST /unsubscribe?token=: leaves at once (one click); 400 `INVALID_TOKEN`. */
export const unsubscribe = (token: string) => anonymousCall('POST /unsubscribe', { token }, undefined);

/** PUT /profile/save { newsletter }: a verified account at once; otherwise a link is mailed. */
export const saveNewsletter = (newsletter: boolean) => call('PUT /profile/save', { newsletter });
