import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { adminQuery, testDatabaseUrl } from './database.js';

/**
 * Global set-up of the PostgreSQL pass: one database migrated once. Every test file's fresh
 * database is a copy of it (`create database … template`): running every migration took some
 * 9–11 s a database at load 25, a copy 1–3 s, and the pass makes about forty of them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const name = `shop_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return () => adminQuery(`drop database if exists "${name}" with (force)`);
}
