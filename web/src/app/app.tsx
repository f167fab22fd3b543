import { useEffect, useMemo } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { serverDataFresh } from '../lib/swr';
import { AppProviders } from './providers';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  /** Api answers the server rendered the page with (SWR keys to data), so hydration matches. */
  fallback?: Record<string, unknown> | undefined;
}

export function App({ router, fallback }: AppProps) {
  const fresh = useMemo(() => serverDataFresh(Object.keys(fallback ?? {})), [fallback]);
  // `<html data-app="ready">`: the page answers clicks from now on (a server-rendered page is on
  // screen before; end-to-end tests and monitoring wait for this).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  // The server's data was the first page's: from the first navigation on, pages fetch on mount.
  useEffect(() => {
    const first = router.state.location;
    return router.subscribe((state) => {
      if (state.location !== first || state.navigation.state !== 'idle') fresh.stale();
    });
  }, [router, fresh]);
  return (
    <AppProviders fallback={fallback} use={fresh.use}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
