import { call } from '../../../lib/api-client';

/** DELETE /products/{id}: the product leaves the shop, carts and wishlists; orders keep their copy. */
export const deleteProduct = (productId: number) => call('DELETE /products/:id', { id: productId });
