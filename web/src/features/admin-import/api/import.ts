import useSWR from 'swr';
import type {
  CatalogueFormat,
  FeedCheck,
  FeedService,
  ImportApplied,
  ImportSummary,
  ImportUndone,
  Language,
  LastImport,
} from '@shop/contract';
import { api, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { useToken } from '../../../lib/session';

const IMPORT_PATH = '/admin/products/import';

/** POST /admin/products/import: the dry run of the form (`file`, `images`, `format`, `lang`). */
export const dryRunImport = (form: FormData) => api.post<ImportSummary>(IMPORT_PATH, form);

export const applyImport = (importId: number) => api.post<ImportApplied>(`${IMPORT_PATH}/${importId}/apply`);

export const undoImport = (importId: number) => api.post<ImportUndone>(`${IMPORT_PATH}/${importId}/undo`);

/** The key carries the token: another admin signing in on this browser never sees a stale answer. */
export const lastImportKey = (token: string | null) => (token ? ([`${IMPORT_PATH}/last`, token] as const) : null);

/** Any admin's cached last import: what an apply or an undo changes. */
export const isLastImportKey = (key: unknown) => Array.isArray(key) && key[0] === `${IMPORT_PATH}/last`;

/** GET /admin/products/import/last: the last applied import, so its undo is offered after a reload. */
export function useLastImport() {
  return useSWR<LastImport, ApiError>(lastImportKey(useToken()));
}

/** The catalogue as CSV in `format`, in the dialect Bulgarian Excel opens (`bg`) or the plain one. */
export const downloadCatalogue = (format: CatalogueFormat, dialect: Language) =>
  downloadFromApi(`/admin/products/export.csv?format=${format}&dialect=${dialect}`, `products-${format}.csv`);

/** Every colour's pictures, named as the export's `images` column names them. */
export const downloadImages = () => downloadFromApi('/admin/products/images.zip', 'product-images.zip');

/** The feeds' addresses to paste into Merchant Center and Commerce Manager (public, outside /api). */
export const feedAddresses = (origin: string, lang: Language) => ({
  google: `${origin}/feeds/google.xml?lang=${lang}`,
  meta: `${origin}/feeds/meta.csv?lang=${lang}`,
});

/** GET /admin/products/feed-check: how many items the Google (or Meta) feed in `lang` leaves out, and why. */
export function useFeedCheck(lang: Language, service: FeedService) {
  const token = useToken();
  const path = `/admin/products/feed-check?lang=${lang}${service === 'google' ? '' : `&service=${service}`}`;
  return useSWR<FeedCheck, ApiError>(token ? [path, token] : null, {
    revalidateOnFocus: false,
  });
}
