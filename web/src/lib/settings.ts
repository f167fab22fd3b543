import useSWR from 'swr';
import { QUANTITY_MAX, type Settings } from '@shop/contract';
import { SETTINGS_PATH } from './swr-keys';

export { SETTINGS_PATH };

/**
 * The shop's settings as the server says them (OPERATIONS.md section 1): seller, delivery prices,
 * cash on delivery, withdrawal period, currency. The same for every visitor: server-rendered
 * pages carry the answer in their first HTML (entry-server.tsx).
 */
export function useSettings() {
  return useSWR<Settings>(SETTINGS_PATH, { revalidateOnFocus: false });
}

/**
 * The shop's currency, or undefined until the settings have arrived. Every price on screen is
 * written in it (OPERATIONS.md section 2): nothing in the bundle assumes one.
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
