import type { RecallBody, RecallTextsBody } from '@shop/contract';
import { call } from '../../../lib/api-client';

/** POST /admin/products/{id}/recall: publishes the notice; answers it and how many orders' buyers are mailed. */
export const publishRecall = (productId: number, body: RecallBody) =>
  call('POST /admin/products/:id/recall', { id: productId }, body);

/** PUT /admin/recalls/{id}: corrects the notice's texts (409 RECALL_CLOSED once closed). */
export const editRecall = (id: number, body: RecallTextsBody) => call('PUT /admin/recalls/:id', { id }, body);

/** POST /admin/recalls/{id}/close: closes it; it stays listed, marked closed. */
export const closeRecall = (id: number) => call('POST /admin/recalls/:id/close', { id });
