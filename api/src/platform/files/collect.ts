import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { EffectHandler } from '../outbox/outbox.js';
import { every, everyMs, handleEvery } from '../outbox/timed.js';

/**
 * Every column that keeps a file's URL (`/files/<id>`). Orders keep theirs for good: a deleted
 * product's picture stays in its buyers' order history. A new column that keeps file URLs must be
 * named here, or its files are collected a day after their upload.
 */
const FILE_REFERENCES = sql`
  select profile_picture as url from users
  union all select image_url from products
  union all select image_url from product_translations
  union all select image_url from product_colors
  union all select hover_image from product_colors
  union all select url from product_color_images
  union all select image_url from order_items
  union all select jsonb_array_elements_text(photos) from complaints`;

/**
 * Deletes the files nothing points at any more: avatars previewed and never saved, images of a
 * product form left halfway, pictures replaced since. Only files uploaded before `uploadedBefore`
 * go (an upload is referenced a moment after it is stored, in the next request), each with its
 * resized variants. One statement: what is referenced is decided in the same snapshot as the
 * delete. Returns how many uploads and variants went.
 */
export async function collectUnusedFiles(db: Db, uploadedBefore: Date): Promise<{ files: number; variants: number }> {
  const [counts] = await queryRows(
    db,
    z.object({ files: z.number(), variants: z.number() }),
    sql`
    with used as (
      select substring(url from 8 for 64) as id from (${FILE_REFERENCES}) refs where url like '/files/%'
    ),
    gone as (
      delete from files f
      where f.source_id is null and f.created_at < ${uploadedBefore}
        and not exists (select 1 from used where used.id = f.id)
      returning f.id
    ),
    variants as (
      delete from files v using gone where v.source_id = gone.id returning v.id
    )
    select (select count(*) from gone)::int as files, (select count(*) from variants)::int as variants`,
  );
  return counts ?? { files: 0, variants: 0 };
}

/**
 * Deletes the named uploads, with their variants, that nothing points at any more (a deleted
 * account's pictures; one also kept by another account stays). Returns how many went.
 */
export async function deleteFilesIfUnused(db: Db | Tx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await queryRows(
    db,
    z.object({ files: z.number() }),
    sql`
    with used as (
      select substring(url from 8 for 64) as id from (${FILE_REFERENCES}) refs where url like '/files/%'
      union all select file_id from user_uploads
    ),
    gone as (
      delete from files f
      where f.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
        and not exists (select 1 from used where used.id = f.id)
      returning f.id
    ),
    variants as (delete from files v using gone where v.source_id = gone.id returning v.id)
    select (select count(*) from gone)::int as files`,
  );
  return row?.files ?? 0;
}

/** How long an upload may wait for whatever will point at it. */
const GRACE_MS = 24 * 60 * 60_000;

/** Every six hours (at 0, 6, 12 and 18 UTC), unused files are collected (decision 0052). */
export const COLLECT_FILES = every('files.collect', everyMs(6 * 60 * 60_000));

/** The collection's handler: files unused a day after their upload go. */
export function fileEffectHandlers(db: Db, log: FastifyBaseLogger): Record<string, EffectHandler> {
  return handleEvery(db, COLLECT_FILES, async () => {
    const gone = await collectUnusedFiles(db, new Date(Date.now() - GRACE_MS));
    if (gone.files > 0) log.info(gone, 'unused files deleted');
  });
}
