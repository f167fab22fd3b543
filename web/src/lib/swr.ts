import { unstable_serialize, type Middleware, type SWRConfiguration } from 'swr';
import { TIMINGS } from '@shop/contract';
import { api } from './api-client';
import type { SwrKey } from './swr-keys';

export const swrFetcher = <T>(key: SwrKey): Promise<T> => api.get<T>(typeof key === 'string' ? key : key[0]);

/** The spec's data-refresh constants (section 7 and 9). */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  refreshInterval: TIMINGS.dataRefresh,
  dedupingInterval: TIMINGS.dedupe,
  focusThrottleInterval: TIMINGS.focusThrottle,
  errorRetryInterval: TIMINGS.errorRetryBase,
  revalidateOnReconnect: true,
  // A 4xx will not heal by retrying; SWR's default exponential backoff still applies to the rest.
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    const status = (error as { status?: number }).status ?? 0;
    if (status >= 400 && status < 500) return;
    if (retryCount >= 5) return;
    const base = config.errorRetryInterval ?? TIMINGS.errorRetryBase;
    setTimeout(() => void revalidate({ retryCount }), base * 2 ** Math.min(retryCount, 3));
  },
};

/**
 * The keys whose data came with the server-rendered page are as fresh as the page: its first
 * render does not fetch them again (on /clothing, 90 KB of catalogue parsed and compared in the
 * middle of the start). The refresh interval still polls them, and once the visitor navigates
 * (`stale()`), every key is fetched on mount again as usual.
 */
export function serverDataFresh(keys: readonly string[]): { use: Middleware[]; stale(): void } {
  const fresh = new Set(keys);
  const skipFirstFetch: Middleware = (useSWRNext) => (key, fetcher, config) =>
    useSWRNext(key, fetcher, fresh.has(unstable_serialize(key)) ? { ...config, revalidateOnMount: false } : config);
  return { use: [skipFirstFetch], stale: () => fresh.clear() };
}
