import type { Message, NewsletterAnswer } from '@shop/contract';
import { api } from '../../../lib/api-client';

export { subscribe } from '../../../lib/newsletter';

/** POST /newsletter/confirm: 200 subscribed; 400 `INVALID_TOKEN`; 410 `TOKEN_EXPIRED`. */
export const confirmNewsletter = (token: string) =>
  api.post<NewsletterAnswer>('/newsletter/confirm', { token }, { anonymous: true });

/** POST /unsubscribe?token=: leaves at once (one click); 400 `INVALID_TOKEN`. */
export const unsubscribe = (token: string) =>
  api.post<NewsletterAnswer>(`/unsubscribe?token=${encodeURIComponent(token)}`, undefined, { anonymous: true });

/** PUT /profile/save { newsletter }: a verified account at once; otherwise a link is mailed. */
export const saveNewsletter = (newsletter: boolean) => api.put<Message>('/profile/save', { newsletter });
