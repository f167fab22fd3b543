import type { Recall, RecallBody, RecallPublished, RecallTextsBody } from '@shop/contract';
import { api } from '../../../lib/api-client';

/** POST /admin/products/{id}/recall: publishes the notice; answers it and how many orders' buyers are mailed. */
export const publishRecall = (productId: number, body: RecallBody) =>
  api.post<RecallPublished>(`/admin/products/${productId}/recall`, body);

/** PUT /admin/recalls/{id}: corrects the notice's texts (409 RECALL_CLOSED once closed). */
export const editRecall = (id: number, body: RecallTextsBody) => api.put<Recall>(`/admin/recalls/${id}`, body);

/** POST /admin/recalls/{id}/close: closes it; it stays listed, marked closed. */
export const closeRecall = (id: number) => api.post<Recall>(`/admin/recalls/${id}/close`);
