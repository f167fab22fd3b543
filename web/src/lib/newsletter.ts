import type { Language, NewsletterSource, SubscribeBody } from '@shop/contract';
import { anonymousCall } from './api-client';

/**
 * POST /newsletter: 202 whatever the address (a link to confirm is mailed); 429 `RATE_LIMITED`.
 * Shared: the footer's form, and the boxes at sign-up and at checkout (decision 0057).
 */
export const subscribe = (body: SubscribeBody) => anonymousCall('POST /newsletter', body);

/**
 * What a ticked box asks once its form went through: the link to confirm is mailed (double
 * opt-in). Its failure never fails the sign-up or the order; the footer's form remains.
 */
export const subscribeAfter = (email: string, lang: Language, source: NewsletterSource): Promise<void> =>
  subscribe({ email, lang, source }).then(
    () => undefined,
    () => undefined,
  );
