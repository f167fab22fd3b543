import type { ScopedMutator } from 'swr';
import type { InvoiceDetails } from '@shop/contract';
import { call } from '../../../lib/api-client';

/**
 * POST /orders/{id}/invoice (the shopper's) or /admin/orders/{id}/invoice: the body is the
 * company's details. It answers the invoice, issued at once (201), or `{ invoiceRequested: true }`
 * for the tax event (202).
 */
export const requestInvoice = (orderId: number, details: InvoiceDetails, admin = false) =>
  call(admin ? 'POST /admin/orders/:id/invoice' : 'POST /orders/:id/invoice', { id: orderId }, details);

/** The order and its documents are read again: the invoice (or the request) shows at once. */
export const refreshOrder = (mutate: ScopedMutator, orderId: number) =>
  mutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && new RegExp(`^(/admin)?/orders/${orderId}(/documents)?$`).test(path);
  });

/** PUT /profile/save with the invoice details alone (null forgets them). */
export const saveInvoiceDetails = (invoiceDetails: InvoiceDetails | null) =>
  call('PUT /profile/save', { invoiceDetails });
