import useSWR from 'swr';
import type { ApiAnswer } from '@shop/contract/api-routes';
import { apiPath, type ApiError } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/save-file';

/** A calendar month as the month field holds it: `YYYY-MM`. */
export type MonthValue = string;

/** The month before `now`'s (the one an owner files at the start of a month). */
export function previousMonth(now: Date): MonthValue {
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** A `YYYY-MM` month as the records' queries take it. */
const monthQuery = (month: MonthValue) => {
  const [year = '', mon = ''] = month.split('-');
  return { year, month: mon };
};

/** GET /admin/records/audit-file?year=&month= for a `YYYY-MM` month. */
export function auditFilePath(month: MonthValue): string {
  return `/admin/records/audit-file?${new URLSearchParams(monthQuery(month)).toString()}`;
}

/**
 * GET /admin/records/month?year=&month=: what the month's file holds and leaves out, and how the
 * shop treats test payments (null: no month chosen, nothing asked).
 */
export function useRecordsMonth(month: MonthValue | null) {
  return useSWR<ApiAnswer<'GET /admin/records/month'>, ApiError>(
    month ? apiPath('GET /admin/records/month', monthQuery(month)) : null,
    {
      revalidateOnFocus: false,
    },
  );
}

/** Downloads the month's audit file (windows-1251 XML) under the name the server gives it. */
export function downloadAuditFile(month: MonthValue): Promise<string> {
  return downloadFromApi(auditFilePath(month), `audit-${month}.xml`);
}
