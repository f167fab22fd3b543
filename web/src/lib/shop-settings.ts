import useSWR from 'swr';
import type { Settings } from '@shop/contract';
import { SETTINGS_PATH } from './swr-keys';

/**
 * The shop's settings (GET /settings): currency, delivery prices, cash on delivery, the seller.
 * Every price on screen is written in the currency the server names here (OPERATIONS.md section 2);
 * server-rendered pages carry the answer in their first HTML (entry-server.tsx).
 */
export function useShopSettings() {
  const { data } = useSWR<Settings>(SETTINGS_PATH, { revalidateOnFocus: false });
  return data;
}

/** The shop's currency, or undefined until the settings have arrived. */
export function useCurrency(): string | undefined {
  return useShopSettings()?.currency;
}
