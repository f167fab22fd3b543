import useSWR from 'swr';
import type { Language } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath } from './api-client';

/** GET /couriers/cities: every city with an open office or locker, named in the page's language. */
export function useCourierCities(lang: Language, enabled: boolean) {
  return useSWR<ApiAnswer<'GET /couriers/cities'>>(enabled ? apiPath('GET /couriers/cities', { lang }) : null, {
    revalidateOnFocus: false,
  });
}

/**
 * GET /couriers/offices: a city's offices and lockers whose name or address has the words typed
 * (the last list stays while the next one loads, so the options do not blink as the shopper types).
 */
export function useCourierOffices(lang: Language, city: string, query: string) {
  const q = query.trim() || undefined;
  return useSWR<ApiAnswer<'GET /couriers/offices'>>(city ? apiPath('GET /couriers/offices', { city, lang, q }) : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
