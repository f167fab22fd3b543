import useSWR from 'swr';
import type { ComplaintStatus, DecideComplaintBody } from '@shop/contract';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, call, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';
import { useToken } from '../../../lib/session';

const ADMIN_PATH = '/admin/complaints';

/** POST /orders/{id}/complaints: the form as multipart (its photos as photo1 … photo3). */
export const fileComplaint = (orderId: number, form: FormData) =>
  call('POST /orders/:id/complaints', { id: orderId }, form);

/** The key carries the token: another admin signing in on this browser never sees a stale list. */
export const adminComplaintsKey = (token: string | null, status: ComplaintStatus | 'all', page: number, limit = 20) =>
  token
    ? ([
        apiPath('GET /admin/complaints', { status: status === 'all' ? undefined : status, page, limit }),
        token,
      ] as const)
    : null;

/** GET /admin/complaints: a page of the register (open ones by due date first). */
export function useAdminComplaints(status: ComplaintStatus | 'all', page: number, limit = 20) {
  return useSWR<ApiAnswer<'GET /admin/complaints'>, ApiError>(adminComplaintsKey(useToken(), status, page, limit), {
    keepPreviousData: true,
  });
}

/** Every cached page of the register: what a decision changes. */
export const isAdminComplaintsKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(`${ADMIN_PATH}?`);

export const decideComplaint = (id: number, body: DecideComplaintBody) =>
  call('POST /admin/complaints/:id/decide', { id }, body);

export const markComplaintRepaired = (id: number) => call('POST /admin/complaints/:id/repaired', { id });

/** The register as CSV in the admin's language. */
export const downloadComplaintsRegister = (lang: string) =>
  downloadFromApi(`${ADMIN_PATH}/export.csv?lang=${encodeURIComponent(lang)}`, 'complaints-register.csv');
