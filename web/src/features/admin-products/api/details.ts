import type { ProductDetailsBody, Product } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** PUT /admin/products/{id}/details: the style code, fit and measurements (and SKUs set by hand); answers the admin product. */
export const saveDetails = (productId: number, body: ProductDetailsBody) =>
  api.put<Product>(`/admin/products/${productId}/details`, body);
