import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { catalogueBatches, imagesOf } from './catalogue-rows.js';
import { imageFileName } from './export.js';
import { zipEntries } from './zip.js';

/**
 * `GET /api/admin/products/images.zip`: every colour's pictures once, named as the export's
 * `images` column names them, a file at a time (the archive is streamed, never held whole).
 */
export function exportImagesZip(db: Db): Readable {
  async function* images() {
    const seen = new Set<string>();
    for await (const batch of catalogueBatches(db, { published: false })) {
      for (const { product } of batch) {
        for (const url of product.colors.flatMap(imagesOf)) {
          const id = url.replace(/^\/files\//, '');
          if (seen.has(id) || !/^[a-f0-9]{64}$/.test(id)) continue;
          seen.add(id);
          const [file] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.id, id)).limit(1);
          if (file) yield { name: imageFileName(url), bytes: Buffer.from(file.bytes) };
        }
      }
    }
  }
  return Readable.from(zipEntries(images()));
}
