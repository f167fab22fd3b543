import useSWR from 'swr';
import type { AdminDocuments, DocumentKind } from '@shop/contract';
import type { ApiError } from '../../../lib/api-client';

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

/**
 * The sales ledger's address (GET /admin/documents/ledger.csv) for the same filter, in the
 * admin's language: a Bulgarian spreadsheet's `;` and decimal comma in Bulgarian (issue 45).
 */
export const ledgerPath = (filter: Omit<DocumentsFilter, 'page' | 'limit'>, lang: string) => {
  const search = query(filter);
  return `/admin/documents/ledger.csv?${search ? `${search}&` : ''}lang=${encodeURIComponent(lang)}`;
};
