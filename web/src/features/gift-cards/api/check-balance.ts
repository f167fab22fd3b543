import { call } from '../../../lib/api-client';

/** GET /gift-cards/{code}: what a card holds and until when (the code in the path, never a query string). */
export const checkGiftCardBalance = (code: string) => call('GET /gift-cards/:code', { code });
