import useSWR from 'swr';
import { QUANTITY_MAX, RETURN_DAYS_MIN } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { SETTINGS_PATH } from './swr-keys';

export { SETTINGS_PATH };

/**
 * The shop's settings as the server says them (docs/decisions/0022): seller, delivery prices,
 * cash on delivery, withdrawal period, currency. The same for every visitor: server-rendered
 * pages carry the answer in their first HTML (entry-server.tsx).
 */
export function useSettings() {
  return useSWR<ApiAnswer<'GET /settings'>>(SETTINGS_PATH, { revalidateOnFocus: false });
}

/**
 * The shop's currency, or undefined until the settings have arrived. Every price on screen is
 * written in it (README: Configuration): nothing in the bundle assumes one.
 */
export function useCurrency(): string | undefined {
  return useSettings().data?.currency;
}

/**
 * Whether the shop takes card payments (false when the server runs with PAYMENTS=off: cash on
 * delivery only), undefined until the settings have arrived. Every shopper text about cards asks it.
 */
export function useCardPayments(): boolean | undefined {
  return useSettings().data?.payments.card;
}

/**
 * The most units of one colour and size a cart line may hold: the shop's limit per order (a
 * setting, decision 0031), the contract's bound until the settings have arrived.
 */
export function useUnitsLimit(): number {
  return Math.min(QUANTITY_MAX, useSettings().data?.limits.maxUnitsPerVariant ?? QUANTITY_MAX);
}

/** Which ways to pay the shop offers: cards (settings payments.card) and cash on delivery (cod.enabled). */
export type PaymentMethods = 'cardAndCod' | 'card' | 'cod' | 'none';

/**
 * The shop's ways to pay, as the settings say them; both until the settings have arrived (server-
 * rendered pages carry them). Every shopper text that names how to pay picks its wording by it,
 * so no page promises cash on delivery or cards the shop does not take.
 */
export function usePaymentMethods(): PaymentMethods {
  const data = useSettings().data;
  const card = data?.payments.card ?? true;
  const cod = data?.cod.enabled ?? true;
  return card && cod ? 'cardAndCod' : card ? 'card' : cod ? 'cod' : 'none';
}

/** The suffix of a text's key per way to pay (`banner.text`, `banner.textCard`, `banner.textCod`, `banner.textNone`). */
export const PAYMENT_KEY_SUFFIX: Record<PaymentMethods, '' | 'Card' | 'Cod' | 'None'> = {
  cardAndCod: '',
  card: 'Card',
  cod: 'Cod',
  none: 'None',
};

/**
 * The withdrawal period in days after delivery (settings returnDays), the law's minimum until the
 * settings have arrived. Every shopper text that names the period reads it.
 */
export function useReturnDays(): number {
  return useSettings().data?.returnDays ?? RETURN_DAYS_MIN;
}
