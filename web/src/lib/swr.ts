import type { SWRConfiguration } from 'swr';
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
