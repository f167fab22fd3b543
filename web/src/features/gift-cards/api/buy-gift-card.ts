import type { GiftCardCheckoutBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** POST /gift-cards/checkout: a card for someone; answers the card provider's page to pay on. */
export const buyGiftCard = (body: GiftCardCheckoutBody) => call('POST /gift-cards/checkout', body);
