import useSWR, { type ScopedMutator } from 'swr';
import type { UpdateSettingsBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call } from '../../../lib/api-client';
import { SETTINGS_PATH } from '../../../lib/swr-keys';

/** The settings as the admin reads them: with the notifications address, which is never public. */
export const ADMIN_SETTINGS_PATH = apiPath('GET /admin/settings');

export function useAdminSettings() {
  return useSWR<ApiAnswer<'GET /admin/settings'>>(ADMIN_SETTINGS_PATH, { revalidateOnFocus: false });
}

/** PUT /admin/settings; the answer (the new settings) replaces the cached ones at once. */
export async function updateSettings(
  mutate: ScopedMutator,
  body: UpdateSettingsBody,
): Promise<ApiAnswer<'PUT /admin/settings'>> {
  const settings = await call('PUT /admin/settings', body);
  const { notificationsEmail: _private, records: _records, ...shared } = settings;
  await Promise.all([
    mutate(ADMIN_SETTINGS_PATH, settings, { revalidate: false }),
    mutate(SETTINGS_PATH, shared, { revalidate: false }),
  ]);
  return settings;
}
