import type { Db } from '../../db/client.js';
import { createCard } from './cards.js';

/** An active card of `cents` straight in the database (as if bought and paid): its id and code. */
export async function issueTestCard(db: Db, cents: number, options: { expiresAt?: Date; currency?: string } = {}) {
  const card = await db.transaction((tx) =>
    createCard(
      tx,
      {
        amountCents: cents,
        currency: options.currency ?? 'USD',
        expiresAt: options.expiresAt ?? new Date(Date.now() + 365 * 86_400_000),
        buyerId: null,
        recipientName: 'Ana',
        recipientEmail: 'ana@example.com',
        lang: 'en',
      },
      'active',
    ),
  );
  return { id: card.id, code: card.code, last4: card.last4 };
}
