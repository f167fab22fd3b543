// @module-tag engine: checkouts racing for one card (one connection on PGlite, a pool on PostgreSQL).
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { issueTestCard, roundFigures } from './test-support.js';

/**
 * Checkouts at once spending one card (decision 0093): a spent card is refused before its lock,
 * the card's lock is held for two statements, and still the card pays exactly its balance.
 */
const t = useTestApp({ admin: true });

beforeAll(() => roundFigures(t));

const RACERS = 20;

describe('checkouts at once on one card', () => {
  it(`take exactly its balance and refuse the rest as empty: ${RACERS} orders of 98.00 on 250.00`, async () => {
    const card = await issueTestCard(t.db, 25_000);
    const shoppers = await Promise.all(Array.from({ length: RACERS }, () => t.createUser()));
    // A product each: no stock row they share makes them take turns, only the card.
    for (const shopper of shoppers)
      await addCartLine(t.db, shopper, await t.createProduct({ priceCents: 4900, stock: 5 }), { quantity: 2 });
    const answers = await Promise.all(
      shoppers.map((shopper, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout/session',
          headers: bearer(shopper),
          // Each its own client: the wrong-code limit counts tries in flight per address.
          remoteAddress: `10.7.0.${index + 1}`,
          payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', giftCards: [card.code] },
        }),
      ),
    );
    const statuses = answers.map((answer) => `${answer.statusCode} ${answer.json<{ code?: string }>().code ?? ''}`);
    // 98.00 + 98.00 + the last 54.00 (the provider takes the rest of that one); 17 refused.
    expect(statuses.filter((status) => status === '201 ').length, statuses.join(', ')).toBe(3);
    expect(statuses.filter((status) => status === '409 GIFT_CARD_EMPTY').length).toBe(RACERS - 3);
    const entries = await t.db
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.cents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.cardId, card.id))
      .orderBy(asc(ledgerEntries.id));
    let running = 0;
    const runningBalances = entries.map((entry) => (running += entry.cents));
    expect(running).toBe(0);
    expect(Math.min(...runningBalances)).toBeGreaterThanOrEqual(0);
    expect(entries.filter((entry) => entry.kind === 'spent').map((entry) => entry.cents)).toEqual([
      -9800, -9800, -5400,
    ]);
  });
});
