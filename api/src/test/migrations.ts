import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/client.js';
import { migrationsDir } from '../paths.js';

/** A copy of the migrations that stops before `tag`: the database an older release left. */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
  cpSync(migrationsDir, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** Runs the real migrations that `database` has not had yet. */
export async function migrateForward(database: Database): Promise<void> {
  const { migrate } =
    database.kind === 'pglite'
      ? await import('drizzle-orm/pglite/migrator')
      : await import('drizzle-orm/node-postgres/migrator');
  await migrate(database.db as never, { migrationsFolder: migrationsDir });
}
