import { useEffect, useState } from 'react';
import { TIMINGS } from '@shop/contract';

/**
 * The spec's "loading page shows for 2 s", read as a ceiling: the branded screen covers the
 * first data load of the visit, and never for longer than 2 s after the app started. A page
 * that is ready is never held back, and later navigations use skeletons instead.
 */
let firstLoadDone = false;
const appStart = performance.now();
const remainingMs = () => TIMINGS.loadingPageMax - (performance.now() - appStart);

export function useInitialLoading(loading: boolean): boolean {
  const [expired, setExpired] = useState(() => remainingMs() <= 0);

  useEffect(() => {
    if (!loading) {
      firstLoadDone = true;
      return;
    }
    if (expired) return;
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, remainingMs()));
    return () => window.clearTimeout(timer);
  }, [loading, expired]);

  return loading && !expired && !firstLoadDone;
}
