import { randomBytes } from 'node:crypto';
import { adminQuery, testDatabaseUrl } from '../../test/database.js';

/**
 * An empty PostgreSQL database for processes started by a test (they migrate it themselves),
 * with its URL; `drop()` removes it, whoever is still connected.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_robust_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists "${name}" with (force)`) };
}
