import type { UpdateStock } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** PUT /products/{id}/stock: whether the product counts stock, and what is on hand per colour and size. */
export function updateStock(productId: number, body: UpdateStock) {
  return call('PUT /products/:id/stock', { id: productId }, body);
}
