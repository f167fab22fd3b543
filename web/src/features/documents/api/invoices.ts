import type { ScopedMutator } from 'swr';
import type { InvoiceDetails, InvoiceDocument } from '@shop/contract';
import { api, call } from '../../../lib/api-client';

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
  call('PUT /profile/save', { invoiceDetails });
