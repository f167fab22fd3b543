import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../config.js';

/**
 * What the shop writes (the embedded database, mails with reset links, backups) is for its own
 * user only: on a shared host every other account could otherwise read it, and PGlite's files
 * would even be writable by all (it creates them 0666). Called first thing by the server and by
 * every command (admin password, backup, restore); the mask holds for the whole process.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Makes `path` (DATA_DIR and its missing parents) a folder only its owner can enter; tightens one
 * that exists. A folder this user cannot make, or one that belongs to another user (whose files
 * this one could neither read nor tighten), is a configuration problem said in plain words
 * (ConfigError: the server prints it without a stack trace) rather than an EACCES from deep in
 * the start-up. Root may use any folder. `uid`: this process's user, for tests.
 */
export function privateDir(path: string, uid = process.getuid?.()): void {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError([
      `DATA_DIR: ${path} cannot be made a folder of this user (${code}): create it for the user the shop runs as, or point DATA_DIR at a folder of that user.`,
    ]);
  }
  const stat = statSync(path);
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) {
    throw new ConfigError([
      `DATA_DIR: ${path} belongs to another user (uid ${stat.uid}) and the shop runs as uid ${uid}: start the shop as that user, give the folder to this one (chown -R ${uid} ${path}), or point DATA_DIR at a folder of its own.`,
    ]);
  }
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
}

/**
 * Takes group and other permissions off everything under `root`. PGlite writes the files of a
 * new database from its bundled template with an explicit chmod to 0666, past any umask; the
 * files PostgreSQL creates afterwards are 0600.
 */
export function tightenTree(root: string): void {
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    const mode = lstatSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
  }
}
