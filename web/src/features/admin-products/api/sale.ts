import useSWR from 'swr';
import type { PriceChange, Product } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** What the sale panel sends: the sale price, and its start and end as ISO instants with their offset. */
export interface SaleRequest {
  price: number;
  startsAt?: string;
  endsAt?: string;
}

/** PUT /admin/products/{id}/sale: sets (or replaces) the product's one sale; answers the admin product. */
export const saveSale = (productId: number, body: SaleRequest) =>
  api.put<Product>(`/admin/products/${productId}/sale`, body);

/** DELETE /admin/products/{id}/sale: ends the running sale now, or drops a scheduled one. */
export const endSale = (productId: number) => api.delete<Product>(`/admin/products/${productId}/sale`);

/** Every change of the price shoppers pay, oldest first. */
export const priceHistoryKey = (productId: number) => `/admin/products/${productId}/price-history`;

export function usePriceHistory(productId: number) {
  return useSWR<PriceChange[]>(priceHistoryKey(productId), { keepPreviousData: true });
}
