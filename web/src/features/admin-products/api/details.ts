import type { ProductDetailsBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** PUT /admin/products/{id}/details: the style code, fit and measurements (and SKUs set by hand); answers the admin product. */
export const saveDetails = (productId: number, body: ProductDetailsBody) =>
  call('PUT /admin/products/:id/details', { id: productId }, body);
