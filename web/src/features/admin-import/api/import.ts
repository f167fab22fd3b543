import useSWR from 'swr';
import type { CatalogueFormat, FeedService, Language } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { useToken } from '../../../lib/session';

/** POST /admin/products/import: the dry run of the form (`file`, `images`, `format`, `lang`). */
export const dryRunImport = (form: FormData) => call('POST /admin/products/import', form);

export const applyImport = (importId: number) => call('POST /admin/products/import/:importId/apply', { importId });

export const undoImport = (importId: number) => call('POST /admin/products/import/:importId/undo', { importId });

const LAST_IMPORT_PATH = apiPath('GET /admin/products/import/last');

/** The key carries the token: another admin signing in on this browser never sees a stale answer. */
export const lastImportKey = (token: string | null) => (token ? ([LAST_IMPORT_PATH, token] as const) : null);

/** Any admin's cached last import: what an apply or an undo changes. */
export const isLastImportKey = (key: unknown) => Array.isArray(key) && key[0] === LAST_IMPORT_PATH;

/** GET /admin/products/import/last: the last applied import, so its undo is offered after a reload. */
export function useLastImport() {
  return useSWR<ApiAnswer<'GET /admin/products/import/last'>, ApiError>(lastImportKey(useToken()));
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
  // Google's is the route's default: its key names the language alone.
  const path = apiPath('GET /admin/products/feed-check', { lang, service: service === 'google' ? undefined : service });
  return useSWR<ApiAnswer<'GET /admin/products/feed-check'>, ApiError>(token ? [path, token] : null, {
    revalidateOnFocus: false,
  });
}
