import { MAX_COLOR_IMAGES, UPLOAD_MAX_BYTES } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { fileUrl, storeImage } from '../../platform/files/images.js';
import { importIssue } from './import-issues.js';
import type { ImportIssue, PlannedProduct } from './import-parse.js';
import { readZip, ZipError } from './zip.js';

/** Resolves every image a plan names to a stored file: one of the shop's own, or from the ZIP, checked as uploads are. */
export async function resolveImages(
  db: Db,
  plan: PlannedProduct[],
  zip: Buffer | undefined,
  errors: ImportIssue[],
  warnings: ImportIssue[],
): Promise<void> {
  let entries = new Map<string, Buffer>();
  if (zip) {
    try {
      entries = readZip(zip, { maxEntries: 5_000, maxEntryBytes: UPLOAD_MAX_BYTES });
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      errors.push(importIssue(0, 'images', 'badZip', { reason: error.message }));
    }
  }
  const urls = new Map<string, string | null>();
  for (const product of plan)
    for (const variant of product.variants) {
      const resolved: string[] = [];
      for (const name of variant.images) {
        if (!urls.has(name)) {
          const own = /^([a-f0-9]{64})\.webp$/.exec(name)?.[1];
          const bytes = entries.get(name);
          let url: string | null = null;
          if (bytes) {
            try {
              url = (await storeImage(db, bytes, 'product')).url;
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              errors.push(importIssue(variant.row, 'images', 'badImage', { name, reason: error.message }));
            }
          } else if (own) {
            const [file] = await db.select({ id: files.id }).from(files).where(eq(files.id, own)).limit(1);
            if (file) url = fileUrl(own);
          }
          if (!url && !bytes) {
            warnings.push(importIssue(variant.row, 'images', 'imageMissing', { name }));
          }
          urls.set(name, url);
        }
        const url = urls.get(name);
        if (url) resolved.push(url);
      }
      variant.images = resolved.slice(0, MAX_COLOR_IMAGES);
    }
}
