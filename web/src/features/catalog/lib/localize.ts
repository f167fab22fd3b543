import type { Color, Product } from '@shop/contract';

/**
 * The product's name and description in the wanted language: that translation, else English,
 * else the first one (the spec), else what the server already localized.
 */
export function localizeProduct(product: Product, lang: string): { name: string; description: string } {
  const translations = product.translations ?? [];
  const match =
    translations.find((tr) => tr.language === lang) ??
    translations.find((tr) => tr.language === 'en') ??
    translations[0];
  return {
    name: match?.name || product.name,
    description: match?.description || product.description,
  };
}

/** The card's main and hover images: the product image, then the first colour's pair. */
export function productImages(product: Product): { main: string; hover: string | null } {
  const first = product.colors[0];
  const main = product.imageUrl || first?.imageUrl || '';
  const hover = first?.hoverImage && first.hoverImage !== main ? first.hoverImage : null;
  return { main, hover };
}

/** A colour's card images: its own picture and its hover picture. */
export function colorImages(color: Color): { main: string; hover: string | null } {
  const hover = color.hoverImage && color.hoverImage !== color.imageUrl ? color.hoverImage : null;
  return { main: color.imageUrl, hover };
}
