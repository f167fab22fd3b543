import { apiDownload } from '../../../lib/api-client';
import { ADMIN_ORDERS_PATH } from './get-admin-orders';

/** `from`/`to` as YYYY-MM-DD, both days included; empty: no bound. */
export interface ExportRange {
  from: string;
  to: string;
}

export function exportPath({ from, to }: ExportRange): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return `${ADMIN_ORDERS_PATH}/export.csv${search ? `?${search}` : ''}`;
}

/** Downloads the CSV of every order line in the range, under the name the server gives it. */
export async function downloadOrdersCsv(range: ExportRange): Promise<void> {
  const { blob, filename } = await apiDownload(exportPath(range));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'orders.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; a moment later the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
