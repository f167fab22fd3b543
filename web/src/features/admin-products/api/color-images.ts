import type { Color, ColorImagesBody } from '@shop/contract';
import { api } from '../../../lib/api-client';

const imagesPath = (productId: number, colorId: number) => `/admin/products/${productId}/colors/${colorId}/images`;

/** POST /admin/products/{id}/colors/{colorId}/images: one more image after the colour's others. */
export function addColorImage(productId: number, colorId: number, image: File) {
  const form = new FormData();
  form.append('image', image);
  return api.post<{ success: true; color: Color }>(imagesPath(productId, colorId), form);
}

/** PUT on the same path: the colour's images in a new order; one left out is removed. */
export function setColorImages(productId: number, colorId: number, images: string[]) {
  const body: ColorImagesBody = { images };
  return api.put<{ success: true; color: Color }>(imagesPath(productId, colorId), body);
}
