import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrConfig } from '../lib/swr';

/** App-wide providers. i18n needs none: react-i18next binds to the instance in lib/i18n. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}
