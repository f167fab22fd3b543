import { call } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The file name the server gives the export, for the day it was made. */
const fileName = (data: unknown) => {
  const exportedAt = (data as { exportedAt?: unknown } | null)?.exportedAt;
  const day = typeof exportedAt === 'string' ? exportedAt.slice(0, 10) : new Date().toISOString().slice(0, 10);
  return `atelier-noir-my-data-${day}.json`;
};

/**
 * Everything the shop keeps about the signed-in shopper (`GET /api/profile/export`, GDPR
 * articles 15 and 20), saved as a JSON file. Fetched through the api client (it carries the
 * bearer token, which a plain link could not), then handed to the browser as a download.
 */
export async function exportMyData(): Promise<void> {
  const data = await call('GET /profile/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(blob, fileName(data));
}
