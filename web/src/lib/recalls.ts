import useSWR from 'swr';
import type { Recall } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { useSettings } from './settings';
import { RECALLS_PATH, recallKey } from './swr-keys';

export { RECALLS_PATH, recallKey };

/**
 * The published product safety recall notices (decision 0059). Elsewhere than on /recalls they are
 * asked only while the settings say one is open (`recalls`): a shop without open recalls asks nothing.
 */
export function useRecalls({ always = false } = {}) {
  const { data: settings } = useSettings();
  return useSWR<ApiAnswer<'GET /recalls'>>(always || settings?.recalls ? RECALLS_PATH : null, {
    revalidateOnFocus: false,
  });
}

/** The open recall notice of a product, the newest, or undefined (a closed one stays at /recalls only). */
export function useProductRecall(productId: number): Recall | undefined {
  return useRecalls().data?.data.find((recall) => recall.productId === productId && !recall.closedAt);
}

/** One recall notice (`/recalls/{id}`, server-rendered with it). */
export function useRecall(id: number | null) {
  return useSWR<ApiAnswer<'GET /recalls/:id'>>(id === null ? null : recallKey(id), { revalidateOnFocus: false });
}

/** A recall's id from the address (`/recalls/12`), or null when it cannot name one (the page is then not found). */
export function parseRecallId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
