import { stringify } from 'csv-stringify/sync';
import type { LastImport } from '@shop/contract';
import { bearer } from '../../test/factories.js';
import type { TestHarness } from '../../test/harness.js';
import { multipart } from '../../test/uploads.js';
import { ATELIER_COLUMNS, type AtelierRow } from './formats.js';

/** This shop's format, from rows that name only the columns they fill. */
export const atelierCsv = (rows: Partial<AtelierRow>[]) =>
  stringify(
    rows.map((row) => ATELIER_COLUMNS.map((column) => row[column] ?? '')),
    { header: true, columns: [...ATELIER_COLUMNS] },
  );

/** The import's routes as the admin calls them: upload (a dry run), apply or undo, the last import. */
export function importCalls(t: TestHarness) {
  async function upload(csv: string, fields: Record<string, string> = {}, zip?: Buffer) {
    const form = await multipart(
      { format: 'atelier', ...fields },
      {
        file: { bytes: Buffer.from(csv), filename: 'products.csv', type: 'text/csv' },
        ...(zip ? { images: { bytes: zip, filename: 'images.zip', type: 'application/zip' } } : {}),
      },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...bearer(t.admin), ...form.headers },
      payload: form.payload,
    });
  }
  const act = (importId: number, what: 'apply' | 'undo') =>
    t.app.inject({ method: 'POST', url: `/api/admin/products/import/${importId}/${what}`, headers: bearer(t.admin) });
  const last = async () => {
    const response = await t.app.inject({ url: '/api/admin/products/import/last', headers: bearer(t.admin) });
    if (response.statusCode !== 200) throw new Error(`import/last answered ${response.statusCode}: ${response.body}`);
    return response.json<LastImport>();
  };
  return { upload, act, last };
}
