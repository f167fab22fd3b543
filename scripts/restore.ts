// `npm run restore -- FILE [--force]`: a backup into an empty DATA_DIR or PostgreSQL database (docs/decisions/0017).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/src/config.js';
import { restoreCommand } from '../api/src/platform/backup/commands.js';
import { RestoreRefused } from '../api/src/platform/backup/restore.js';
import { keepFilesPrivate } from '../api/src/platform/security/private-files.js';

keepFilesPrivate();
try {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('Usage: npm run restore -- FILE [--force]');
    process.exit(2);
  }
  const config = loadConfig(process.env, { for: 'command' });
  const result = await restoreCommand(config, positionals[0]!, values.force ?? false);
  const where = config.databaseUrl ? 'the PostgreSQL database' : config.dataDir;
  console.log(
    `Restored the backup of ${result.manifest.createdAt} into ${where}: ${result.counts.orders} orders, ` +
      `${result.counts.users} users, ${result.counts.products} products, ${result.counts.files} files, ${result.mails} mails.`,
  );
  if (result.migrated > 0) console.log(`Migrated forward by ${result.migrated} migration(s).`);
  if (result.setAside) console.log(`The database that was there is kept in ${result.setAside}.`);
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof RestoreRefused) console.error(`Restore refused: ${error.message}`);
  else console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(error instanceof RestoreRefused ? 2 : 1);
}
