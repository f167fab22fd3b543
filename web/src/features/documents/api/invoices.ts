import useSWR, { type ScopedMutator } from 'swr';
import type { AdminDocuments, DocumentKind, InvoiceDetails, InvoiceDocument, Message } from '@shop/contract';
import { api, type ApiError } from '../../../lib/api-client';

/** What a request for an invoice answered: issued at once (201), or requested for the tax event (202). */
export type InvoiceRequestAnswer = InvoiceDocument | { invoiceRequested: true };

/** POST /orders/{id}/invoice (the shopper's) or /admin/orders/{id}/invoice: the body is the company's details. */
export const requestInvoice = (orderId: number, details: InvoiceDetails, admin = false) =>
  api.post<InvoiceRequestAnswer>(`${admin ? '/admin' : ''}/orders/${orderId}/invoice`, details);

/** The order and its documents are read again: the invoice (or the request) shows at once. */
export const refreshOrder = (mutate: ScopedMutator, orderId: number) =>
  mutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && new RegExp(`^(/admin)?/orders/${orderId}(/documents)?$`).test(path);
  });

/** PUT /profile/save with the invoice details alone (null forgets them). */
export const saveInvoiceDetails = (invoiceDetails: InvoiceDetails | null) =>
  api.put<Message>('/profile/save', { invoiceDetails });

/** The Documents screen's filter (kind, days as YYYY-MM-DD, page). */
export interface DocumentsFilter {
  kind?: DocumentKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

const query = (filter: DocumentsFilter) => {
  const params = new URLSearchParams();
  const { kind, from, to, page, limit } = filter;
  if (kind) params.set('kind', kind);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (page !== undefined) params.set('page', String(page));
  if (limit !== undefined) params.set('limit', String(limit));
  return params.toString();
};

/** GET /admin/documents: a page of every kind of document, by kind and days. */
export function useAdminDocuments(filter: DocumentsFilter) {
  return useSWR<AdminDocuments, ApiError>(`/admin/documents?${query(filter)}`);
}

/** The sales ledger's address (GET /admin/documents/ledger.csv) for the same filter. */
export const ledgerPath = (filter: Omit<DocumentsFilter, 'page' | 'limit'>) =>
  `/admin/documents/ledger.csv?${query(filter)}`;
