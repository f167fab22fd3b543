import { downloadFromApi } from '../../../lib/save-file';

/** A calendar month as the month field holds it: `YYYY-MM`. */
export type MonthValue = string;

/** The month before `now`'s (the one an owner files at the start of a month). */
export function previousMonth(now: Date): MonthValue {
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** GET /admin/records/audit-file?year=&month= for a `YYYY-MM` month. */
export function auditFilePath(month: MonthValue): string {
  const [year = '', mon = ''] = month.split('-');
  return `/admin/records/audit-file?${new URLSearchParams({ year, month: mon }).toString()}`;
}

/** Downloads the month's audit file (windows-1251 XML) under the name the server gives it. */
export function downloadAuditFile(month: MonthValue): Promise<string> {
  return downloadFromApi(auditFilePath(month), `audit-${month}.xml`);
}
