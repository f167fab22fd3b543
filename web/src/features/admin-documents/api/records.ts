import useSWR, { type ScopedMutator } from 'swr';
import type { RecordsSettings, UpdateRecordsBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';

/** The admin's settings (GET /admin/settings): the records settings are only there. */
const ADMIN_SETTINGS_PATH = apiPath('GET /admin/settings');

export function useRecordsSettings() {
  const { data, error } = useSWR<ApiAnswer<'GET /admin/settings'>, ApiError>(ADMIN_SETTINGS_PATH, {
    revalidateOnFocus: false,
  });
  return { records: data?.records, error };
}

/** The whole admin settings (the records with the seller, whose company ID the audit file needs). */
export function useAdminSettings() {
  const { data, error } = useSWR<ApiAnswer<'GET /admin/settings'>, ApiError>(ADMIN_SETTINGS_PATH, {
    revalidateOnFocus: false,
  });
  return { settings: data, error };
}

/** PUT /admin/settings with the records alone; the answer replaces the admin's cached settings. */
export async function updateRecords(mutate: ScopedMutator, records: UpdateRecordsBody): Promise<RecordsSettings> {
  const settings = await call('PUT /admin/settings', { records });
  await mutate(ADMIN_SETTINGS_PATH, settings, { revalidate: false });
  return settings.records!;
}
