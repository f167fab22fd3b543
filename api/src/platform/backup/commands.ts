import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { files, orders, products, users } from '../../db/schema.js';
import { backupFileName, takeBackup, type BackupResult } from './backup.js';
import { askShop } from './control.js';
import { restoreBackup, RestoreRefused, type RestoreResult } from './restore.js';
import { recordAttempt, rotate } from './service.js';

/** What `npm run backup` did. */
export interface BackupCommandResult {
  file: string;
  bytes: number;
  /** `running shop`: asked through the control socket; `direct`: this process opened the database. */
  via: 'running shop' | 'direct';
  pauses?: BackupResult['pauses'];
}

/**
 * `npm run backup [-- --out FILE]`. PostgreSQL: pg_dump, whoever runs. Embedded: the shop that
 * holds DATA_DIR's database is asked to take it (PGlite has one connection); when no shop runs,
 * this process opens the folder itself, without migrating it.
 */
export async function backupCommand(config: Config, out?: string): Promise<BackupCommandResult> {
  const file = out ? resolve(out) : join(config.backup.dir, backupFileName());
  if (!config.databaseUrl) {
    const answer = await askShop(config.dataDir, { command: 'backup', ...(out ? { out: file } : {}) });
    if (answer) {
      if (!answer.ok) throw new Error(`the running shop could not take the backup: ${answer.error}`);
      return {
        file: String(answer.file),
        bytes: Number(answer.bytes),
        via: 'running shop',
        pauses: answer.pauses as BackupResult['pauses'],
      };
    }
  }
  const result = await directBackup(config, file).catch(async (error: unknown) => {
    await recordAttempt(config.backup.dir, error instanceof Error ? error : new Error(String(error))).catch(() => {});
    throw error;
  });
  await recordAttempt(config.backup.dir, result);
  if (!out) await rotate(config.backup.dir, config.backup.keep);
  return { file: result.file, bytes: result.bytes, via: 'direct', pauses: result.pauses };
}

async function directBackup(config: Config, file: string): Promise<BackupResult> {
  if (config.databaseUrl) return takeBackup({ kind: 'postgres', url: config.databaseUrl }, config.dataDir, file);
  const pgdata = join(config.dataDir, 'db');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`there is no database in ${pgdata} to back up`);
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(pgdata);
  await pg.waitReady;
  try {
    return await takeBackup({ kind: 'pglite', pg, pgdata }, config.dataDir, file);
  } finally {
    await pg.close();
  }
}

export interface RestoreCommandResult extends RestoreResult {
  /** What the restored database holds, read after opening it (which runs the migrations it lacked). */
  counts: { orders: number; users: number; products: number; files: number };
  migrated: number;
}

/** `npm run restore -- FILE [--force]`: into DATA_DIR (embedded) or DATABASE_URL, never under a running shop. */
export async function restoreCommand(config: Config, file: string, force: boolean): Promise<RestoreCommandResult> {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  if (!config.databaseUrl && (await askShop(config.dataDir, { command: 'ping' })))
    throw new RestoreRefused(`a shop is running on ${config.dataDir}: stop it first`);
  const restored = await restoreBackup(
    resolve(file),
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, dataDir: config.dataDir }
      : { kind: 'pglite', dataDir: config.dataDir },
    force,
  );
  // Opened as the shop opens it: recovery (PGlite) and the migrations the backup is behind run now.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { db } = database;
    const [orderCount, userCount, productCount, fileCount] = await Promise.all([
      db.$count(orders),
      db.$count(users),
      db.$count(products),
      db.$count(files),
    ]);
    const counts = { orders: orderCount, users: userCount, products: productCount, files: fileCount };
    const [level] = await queryRows(
      db,
      z.object({ applied: z.number() }),
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    return { ...restored, counts, migrated: (level?.applied ?? 0) - restored.manifest.migrations.applied };
  } finally {
    await database.close();
  }
}
