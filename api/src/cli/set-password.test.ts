import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { verifyPassword } from '../platform/security/passwords.js';
import { TOO_COMMON_MESSAGE } from '../platform/security/password-policy.js';
import { createTestDatabase } from '../test/database.js';
import { createUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { passwordProblem, setPassword } from './set-password.js';

describe('setting a password from the command line (npm run admin:password)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('holds a new password to the shop rules: length and the common-password list', () => {
    expect(passwordProblem('short')).toMatch(/at least 8 characters/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128 characters/);
    expect(passwordProblem('Password1')).toBe(TOO_COMMON_MESSAGE);
    expect(passwordProblem('a quiet walk by the river')).toBeNull();
  });

  it("sets the account's password (found by email in any case) and ends every session", async () => {
    const admin = await createUser(database.db, { role: 'ROOT_ADMIN', email: 'root@example.com' });
    const other = await createUser(database.db);
    await database.db
      .insert(sessions)
      .values({ userId: admin.id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 60_000) });

    const result = await setPassword(database.db, '  Root@Example.COM ', 'a quiet walk by the river');
    expect(result).toEqual({ userId: admin.id, role: 'ROOT_ADMIN', sessionsEnded: 2 });

    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(await verifyPassword(row!.passwordHash, 'a quiet walk by the river')).toBe(true);
    expect(await verifyPassword(row!.passwordHash, DEFAULT_PASSWORD)).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
    // Nobody else is touched.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(1);
  });

  it('changes nothing for an email no account has', async () => {
    expect(await setPassword(database.db, 'nobody@example.com', 'a quiet walk by the river')).toBeNull();
  });
});
