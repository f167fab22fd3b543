import type { ScopedMutator } from 'swr';
import { isCatalogKey } from '../../../lib/swr-keys';

/** Refetches every cached product list and product page (the catalogue feature's keys included). */
export function revalidateCatalog(mutate: ScopedMutator): Promise<unknown> {
  return mutate(isCatalogKey);
}
