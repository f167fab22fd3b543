import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../config.js';
import type { Database } from '../client.js';
import { users } from '../schema.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { createTestDatabase } from '../../test/database.js';
import { seed } from './index.js';

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map((arg) => JSON.stringify(arg)).join(' '));
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('first-start seed: the root admin', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('hands back a generated password once, for the caller to show, and never logs it', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SEED_DEMO: 'false', ADMIN_EMAIL: 'Owner@Example.com' });
    const { log, lines } = recordingLog();

    const first = await seed(database.db, config, log);
    const password = first.rootAdmin?.generatedPassword;
    expect(first.rootAdmin?.email).toBe('owner@example.com');
    expect(password).toMatch(/^[\w-]{16}$/);
    const [root] = await database.db.select().from(users).where(eq(users.role, 'ROOT_ADMIN'));
    expect(await verifyPassword(root!.passwordHash, password!)).toBe(true);
    expect(lines.join('\n')).toContain('owner@example.com');
    expect(lines.join('\n')).not.toContain(password);

    // Every later start finds the account and creates (and shows) nothing.
    expect(await seed(database.db, config, log)).toEqual({});
  });

  it('with ADMIN_PASSWORD set there is no password to show', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SEED_DEMO: 'false', ADMIN_PASSWORD: 'a quiet walk by the river' });
    const result = await seed(database.db, config, recordingLog().log);
    expect(result).toEqual({ rootAdmin: { email: 'admin@example.com' } });
  });
});
