import type { ScopedMutator } from 'swr';

/** Paths whose cached answers change with any catalogue write: the shop's lists and pages, and the admin list. */
const CATALOG_PATHS = /^\/(products|admin\/products)([/?]|$)/;

const pathOf = (key: unknown): string | null =>
  typeof key === 'string' ? key : Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;

/** Refetches every cached product list and product page (the catalogue feature's keys included). */
export function revalidateCatalog(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => CATALOG_PATHS.test(pathOf(key) ?? ''));
}
