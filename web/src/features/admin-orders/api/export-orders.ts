import { downloadFromApi } from '../../../lib/save-file';
import { ADMIN_ORDERS_PATH } from './get-admin-orders';

/** `from`/`to` as YYYY-MM-DD, both days included; empty: no bound. */
export interface ExportRange {
  from: string;
  to: string;
}

/**
 * The export's address: the days, and the admin's language, which sets the file's separator and
 * decimal mark (`;` and a decimal comma in Bulgarian, as a Bulgarian spreadsheet reads them).
 */
export function exportPath({ from, to }: ExportRange, lang: string): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  query.set('lang', lang);
  const search = query.toString();
  return `${ADMIN_ORDERS_PATH}/export.csv${search ? `?${search}` : ''}`;
}

/** Downloads the CSV of every order line in the range, under the name the server gives it. */
export async function downloadOrdersCsv(range: ExportRange, lang: string): Promise<void> {
  await downloadFromApi(exportPath(range, lang), 'orders.csv');
}
