import useSWR, { type ScopedMutator } from 'swr';
import type { Settings, UpdateSettingsBody } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { SETTINGS_PATH } from '../../../lib/swr-keys';

/** The settings as the admin reads them: with the notifications address, which is never public. */
export const ADMIN_SETTINGS_PATH = '/admin/settings';

export function useAdminSettings() {
  return useSWR<Settings>(ADMIN_SETTINGS_PATH, { revalidateOnFocus: false });
}

/** PUT /admin/settings; the answer (the new settings) replaces the cached ones at once. */
export async function updateSettings(mutate: ScopedMutator, body: UpdateSettingsBody): Promise<Settings> {
  const settings = await api.put<Settings>('/admin/settings', body);
  const { notificationsEmail: _private, records: _records, ...shared } = settings;
  await Promise.all([
    mutate(ADMIN_SETTINGS_PATH, settings, { revalidate: false }),
    mutate(SETTINGS_PATH, shared, { revalidate: false }),
  ]);
  return settings;
}
