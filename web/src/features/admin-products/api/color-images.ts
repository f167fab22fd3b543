import type { ColorImagesBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** POST /admin/products/{id}/colors/{colorId}/images: one more image after the colour's others. */
export function addColorImage(productId: number, colorId: number, image: File) {
  const form = new FormData();
  form.append('image', image);
  return call('POST /admin/products/:id/colors/:colorId/images', { id: productId, colorId }, form);
}

/** PUT on the same path: the colour's images in a new order; one left out is removed. */
export function setColorImages(productId: number, colorId: number, images: string[]) {
  const body: ColorImagesBody = { images };
  return call('PUT /admin/products/:id/colors/:colorId/images', { id: productId, colorId }, body);
}
