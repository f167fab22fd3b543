import type { RecallBody, RecallPublished } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /admin/products/{id}/recall: publishes the notice; answers it and how many orders' buyers are mailed. */
export const publishRecall = (productId: number, body: RecallBody) =>
  api.post<RecallPublished>(`/admin/products/${productId}/recall`, body);
