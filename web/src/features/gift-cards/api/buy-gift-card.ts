import type { GiftCardCheckoutBody } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /gift-cards/checkout: a card for someone; answers the card provider's page to pay on. */
export const buyGiftCard = (body: GiftCardCheckoutBody) => api.post<{ url: string }>('/gift-cards/checkout', body);
