import type { ProductDetailsInput, Size } from '@shop/contract';
import { call } from '../../../lib/api-client';

export interface ProductEdit {
  details: ProductDetailsInput;
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
  /** The sizes to offer, when they changed (left out: the sizes stay as they are). */
  sizes?: Size[] | undefined;
  /** Remove sizes even though carts or wishlists hold them (the admin confirmed SIZE_IN_USE). */
  confirmSizeRemoval?: boolean;
}

/** PUT /products/{id} as the spec's multipart edit form. */
export function updateProduct(
  productId: number,
  { details, colors, knownColors, sizes, confirmSizeRemoval }: ProductEdit,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(details)) form.append(name, String(value));
  form.append(
    'colors',
    JSON.stringify(colors.map(({ id, colorName, colorNameBg }) => ({ id, colorName, colorNameBg }))),
  );
  form.append('knownColors', JSON.stringify(knownColors));
  if (sizes) form.append('sizes', JSON.stringify(sizes));
  if (confirmSizeRemoval) form.append('confirmSizeRemoval', 'true');
  for (const color of colors) {
    if (color.image) form.append(`colorImage_${color.id}`, color.image);
    if (color.hoverImage) form.append(`colorHoverImage_${color.id}`, color.hoverImage);
  }
  return call('PUT /products/:id', { id: productId }, form);
}
