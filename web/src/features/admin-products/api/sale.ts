import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call } from '../../../lib/api-client';

/** What the sale panel sends: the sale price, and its start and end as ISO instants with their offset. */
export interface SaleRequest {
  price: number;
  startsAt?: string;
  endsAt?: string;
}

/** PUT /admin/products/{id}/sale: sets (or replaces) the product's one sale; answers the admin product. */
export const saveSale = (productId: number, body: SaleRequest) =>
  call('PUT /admin/products/:id/sale', { id: productId }, body);

/** DELETE /admin/products/{id}/sale: ends the running sale now, or drops a scheduled one. */
export const endSale = (productId: number) => call('DELETE /admin/products/:id/sale', { id: productId });

/** Every change of the price shoppers pay, oldest first. */
export const priceHistoryKey = (productId: number) =>
  apiPath('GET /admin/products/:id/price-history', { id: productId });

export function usePriceHistory(productId: number) {
  return useSWR<ApiAnswer<'GET /admin/products/:id/price-history'>>(priceHistoryKey(productId), {
    keepPreviousData: true,
  });
}
