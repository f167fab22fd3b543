import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  /** Api answers the server rendered the page with (SWR keys to data), so hydration matches. */
  fallback?: Record<string, unknown>;
}

export function App({ router, fallback }: AppProps) {
  // `<html data-app="ready">`: the page answers clicks from now on (a server-rendered page is on
  // screen before; end-to-end tests and monitoring wait for this).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <AppProviders fallback={fallback}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
