import type { WishlistItem } from '@shop/contract';

/** The item's name in `lang`, else English, else the first translation (the spec's rule). */
export function itemName(item: WishlistItem, lang: string): string {
  const translations = item.product.translations;
  const match =
    translations.find((tr) => tr.language === lang) ??
    translations.find((tr) => tr.language === 'en') ??
    translations[0];
  return match?.name ?? '';
}
