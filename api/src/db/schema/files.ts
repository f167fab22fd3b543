import { index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';
import { users } from './identity.js';

/** Stored images (products' and profiles'), and who uploaded which. */

export const files = pgTable(
  'files',
  {
    /** sha256 (hex) of the stored bytes: content-addressed, so URLs can be cached forever. */
    id: varchar('id', { length: 64 }).primaryKey(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** For a resized variant: the id of the full-size file it was made from. */
    sourceId: varchar('source_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('files_source_id_idx').on(t.sourceId, t.width)],
);
/** Who uploaded which file: a profile may only be given a picture its user uploaded. */
export const userUploads = pgTable(
  'user_uploads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: varchar('file_id', { length: 64 })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] })],
);
