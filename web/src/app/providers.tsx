import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from '../lib/swr';

interface AppProvidersProps {
  children: ReactNode;
  /** Data the page starts with (from the server-rendered HTML): SWR keys to api answers. */
  fallback?: Record<string, unknown>;
}

/** App-wide providers. i18n needs none: react-i18next binds to the instance in lib/i18n. */
export function AppProviders({ children, fallback }: AppProvidersProps) {
  const value = useMemo(() => (fallback ? { ...swrConfig, fallback } : swrConfig), [fallback]);
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
