// `npm run backup [-- --out FILE]`: one consistent backup file of the shop (docs/decisions/0017).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/src/config.js';
import { backupCommand } from '../api/src/platform/backup/commands.js';
import { keepFilesPrivate } from '../api/src/platform/security/private-files.js';

keepFilesPrivate();
try {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
  const config = loadConfig(process.env, { for: 'command' });
  const result = await backupCommand(config, values.out);
  const pauses = result.pauses
    ? ` (database held ${[result.pauses.checkpointMs, result.pauses.startMs, result.pauses.stopMs]
        .map((ms) => ms.toFixed(1))
        .join(' + ')} ms)`
    : '';
  console.log(
    `Backup written: ${result.file}, ${(result.bytes / 1e6).toFixed(1)} MB, ${result.via === 'running shop' ? 'by the running shop' : 'directly'}${pauses}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
