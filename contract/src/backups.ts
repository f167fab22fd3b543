import { z } from 'zod';

/** GET /api/admin/backups: the state of the shop's backups, for the admin dashboard. */
export const BackupOverviewSchema = z.object({
  /** Whether this shop takes backups by itself (the embedded database, BACKUP_INTERVAL_HOURS > 0). */
  automatic: z.boolean(),
  intervalHours: z.number(),
  keep: z.number().int(),
  /** The last backup that succeeded. */
  last: z.object({ at: z.string(), bytes: z.number().int(), file: z.string() }).nullable(),
  /** The last attempt, which may have failed after `last`. */
  lastAttempt: z
    .object({ at: z.string(), status: z.enum(['ok', 'failed']), message: z.string().nullable() })
    .nullable(),
  /** No backup yet, or the last one older than two days. */
  stale: z.boolean(),
});
export type BackupOverview = z.infer<typeof BackupOverviewSchema>;
