import type { ProductDetails } from '@shop/contract';
import { api } from '../../../lib/api-client';

export interface ProductEdit {
  details: ProductDetails;
  /** The colours to keep, in order; any left out are removed. A file replaces that image. */
  colors: {
    id: number;
    colorName: string;
    colorNameBg: string;
    image?: File | undefined;
    hoverImage?: File | undefined;
  }[];
  /** Every colour the editor has shown: one added elsewhere meanwhile is not removed. */
  knownColors: number[];
}

/** PUT /products/{id} as the spec's multipart edit form. */
export function updateProduct(productId: number, { details, colors, knownColors }: ProductEdit) {
  const form = new FormData();
  for (const [name, value] of Object.entries(details)) form.append(name, String(value));
  form.append(
    'colors',
    JSON.stringify(colors.map(({ id, colorName, colorNameBg }) => ({ id, colorName, colorNameBg }))),
  );
  form.append('knownColors', JSON.stringify(knownColors));
  for (const color of colors) {
    if (color.image) form.append(`colorImage_${color.id}`, color.image);
    if (color.hoverImage) form.append(`colorHoverImage_${color.id}`, color.hoverImage);
  }
  return api.put<{ success: true }>(`/products/${productId}`, form);
}
