import useSWR from 'swr';
import type { DocumentKind } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';

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
export function useAdminDocuments({ kind, from, to, page, limit }: DocumentsFilter) {
  return useSWR<ApiAnswer<'GET /admin/documents'>, ApiError>(
    apiPath('GET /admin/documents', { kind, from: from || undefined, to: to || undefined, page, limit }),
  );
}

/**
 * The sales ledger's address (GET /admin/documents/ledger.csv) for the same filter, in the
 * admin's language: a Bulgarian spreadsheet's `;` and decimal comma in Bulgarian (issue 45).
 */
export const ledgerPath = (filter: Omit<DocumentsFilter, 'page' | 'limit'>, lang: string) => {
  const search = query(filter);
  return `/admin/documents/ledger.csv?${search ? `${search}&` : ''}lang=${encodeURIComponent(lang)}`;
};
