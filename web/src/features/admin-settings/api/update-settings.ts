import type { ScopedMutator } from 'swr';
import type { Settings, UpdateSettings } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { SETTINGS_PATH } from '../../../lib/swr-keys';

/** PUT /admin/settings; the answer (the new settings) replaces the cached ones at once. */
export async function updateSettings(mutate: ScopedMutator, body: UpdateSettings): Promise<Settings> {
  const settings = await api.put<Settings>('/admin/settings', body);
  await mutate(SETTINGS_PATH, settings, { revalidate: false });
  return settings;
}
