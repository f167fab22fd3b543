import { api } from '../../../lib/api-client';

/** DELETE /products/{id}: the product leaves the shop, carts and wishlists; orders keep their copy. */
export const deleteProduct = (productId: number) => api.delete<{ success: true }>(`/products/${productId}`);
