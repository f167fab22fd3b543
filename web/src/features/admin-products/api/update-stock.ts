import type { StockEntry, UpdateStock } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** PUT /products/{id}/stock: whether the product counts stock, and what is on hand per colour and size. */
export function updateStock(productId: number, body: UpdateStock) {
  return api.put<{ success: true; stock: StockEntry[] }>(`/products/${productId}/stock`, body);
}
