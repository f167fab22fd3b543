import { call } from '../../../lib/api-client';

/** PUT /products/{id}/add-color with the new colour's names and both images. */
export function addColor(
  productId: number,
  color: { colorName: string; colorNameBg: string; image: File; hoverImage: File },
) {
  const form = new FormData();
  form.append('colorName', color.colorName.trim());
  form.append('colorNameBg', color.colorNameBg.trim());
  form.append('colorImage', color.image);
  form.append('colorHoverImage', color.hoverImage);
  return call('PUT /products/:id/add-color', { id: productId }, form);
}
