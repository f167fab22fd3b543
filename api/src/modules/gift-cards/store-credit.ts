import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { grantStoreCredit } from './ledger.js';

/**
 * A goodwill credit from the owner (`POST /api/admin/users/{id}/store-credit`): store credit with
 * its reason, audited in the same transaction. Answers the account's store credit after it.
 */
export async function giveGoodwillCredit(
  db: Db,
  actorId: number,
  userId: number,
  cents: number,
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    const { balanceCents } = await grantStoreCredit(tx, userId, cents, reason, `admin:${actorId}`);
    await audit(tx, {
      actorId,
      action: 'store-credit.grant',
      target: `user:${userId}`,
      detail: { cents, reason, balanceCents },
    });
    return balanceCents;
  });
}
