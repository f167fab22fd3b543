import type { Product } from '@shop/contract';

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * Whether the admin's product search finds the product: words of its name in any language, its
 * style code or one of its SKUs (issue 31), ignoring case and accents; every word must match.
 */
export function matchesProductSearch(
  product: Pick<Product, 'name' | 'translations' | 'styleCode' | 'variants'>,
  query: string,
): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [
      product.name,
      ...product.translations.map((translation) => translation.name),
      product.styleCode ?? '',
      ...(product.variants ?? []).map((variant) => variant.sku),
    ].join('\n'),
  );
  return words.every((word) => haystack.includes(word));
}
