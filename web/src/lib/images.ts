import { IMAGE_VARIANT_WIDTHS, PRODUCT_IMAGE_SIZE } from '@shop/contract';

/**
 * Stored product images are 4:5 WebP with smaller variants at `?w=` (only IMAGE_VARIANT_WIDTHS
 * exist). Only our own `/files/` urls have variants; anything else is used as it is.
 */
export function productSrcSet(url: string): string | undefined {
  if (!url.startsWith('/files/')) return undefined;
  return [...IMAGE_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`), `${url} ${PRODUCT_IMAGE_SIZE.width}w`].join(', ');
}

/** The smallest variant, for thumbnails. */
export function productThumb(url: string): string {
  return url.startsWith('/files/') ? `${url}?w=${IMAGE_VARIANT_WIDTHS[0]}` : url;
}

export const PRODUCT_RATIO = PRODUCT_IMAGE_SIZE;
