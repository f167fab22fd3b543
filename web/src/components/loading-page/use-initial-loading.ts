import { useEffect, useState } from 'react';
import { TIMINGS } from '@shop/contract';

/**
 * The spec's "loading page shows for 2 s", read as a ceiling: the branded screen covers the
 * first data load of the visit, and never for longer than 2 s after the app started. A page
 * that is ready is never held back, and later navigations use skeletons instead.
 */
let firstLoadDone = false;
const appStart = typeof performance !== 'undefined' ? performance.now() : 0;

export function useInitialLoading(loading: boolean): boolean {
  const remaining = TIMINGS.loadingPageMax - (performance.now() - appStart);
  const [expired, setExpired] = useState(remaining <= 0);

  useEffect(() => {
    if (!loading) {
      firstLoadDone = true;
      return;
    }
    if (firstLoadDone || expired) return;
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, remaining));
    return () => window.clearTimeout(timer);
  }, [loading, expired, remaining]);

  return loading && !expired && !firstLoadDone;
}
