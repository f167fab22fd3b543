import useSWR from 'swr';
import type { CourierCities, CourierOffice, Language } from '@shop/contract';

/** GET /couriers/cities: every city with an open office or locker, named in the page's language. */
export function useCourierCities(lang: Language, enabled: boolean) {
  return useSWR<CourierCities>(enabled ? `/couriers/cities?lang=${lang}` : null, { revalidateOnFocus: false });
}

/**
 * GET /couriers/offices: a city's offices and lockers whose name or address has the words typed
 * (the last list stays while the next one loads, so the options do not blink as the shopper types).
 */
export function useCourierOffices(lang: Language, city: string, query: string) {
  const params = new URLSearchParams({ city, lang });
  if (query.trim()) params.set('q', query.trim());
  return useSWR<CourierOffice[]>(city ? `/couriers/offices?${params.toString()}` : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
