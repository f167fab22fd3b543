import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the shop writes (the embedded database, mails with reset links, backups) is for its own
 * user only: on a shared host every other account could otherwise read it, and PGlite's files
 * would even be writable by all (it creates them 0666). Called first thing by the server and by
 * every command (admin password, backup, restore); the mask holds for the whole process.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/** Makes `path` (and its missing parents) a folder only its owner can enter; tightens one that exists. */
export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const mode = statSync(path).mode & 0o777;
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
