import { useMemo, type ReactNode } from 'react';
import { SWRConfig, type Middleware } from 'swr';
import { swrConfig } from '../lib/swr';

interface AppProvidersProps {
  children: ReactNode;
  /** Data the page starts with (from the server-rendered HTML): SWR keys to api answers. */
  fallback?: Record<string, unknown> | undefined;
  /** SWR middleware of the browser's app (lib/swr.ts `serverDataFresh`). */
  use?: Middleware[] | undefined;
}

/** App-wide providers. i18n needs none: react-i18next binds to the instance in lib/i18n. */
export function AppProviders({ children, fallback, use }: AppProvidersProps) {
  const value = useMemo(
    () => ({ ...swrConfig, ...(fallback ? { fallback } : {}), ...(use ? { use } : {}) }),
    [fallback, use],
  );
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
