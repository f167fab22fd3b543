import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { queryRows } from '../db/rows.js';
import { runNode, type ChildRun } from './support/server.js';

const WRITER = 'api/src/robustness/support/cart-writer.ts';
/** 4 products × 3 colours × 6 sizes: the lines the writer adds on a full run. */
const ALL_LINES = 4 * 3 * 6;

const acked = (run: ChildRun) => new Set([...run.output().matchAll(/^ack (\S+)$/gm)].map((match) => match[1]!));

async function waitFor(condition: () => boolean, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// The embedded database is the one a power cut or OOM kill can hurt; PostgreSQL has its own WAL guarantees.
describe('crash safety of the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged cart write after SIGKILL mid-way, reopens cleanly and carries on', async () => {
    const first = runNode(WRITER, [dataDir], {});
    await waitFor(() => acked(first).size >= 20 || first.child.exitCode !== null, 60_000, first.output);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const beforeCrash = acked(first);
    expect(beforeCrash.size).toBeGreaterThanOrEqual(20);
    expect(beforeCrash.size).toBeLessThan(ALL_LINES);

    // Restart: the database opens (migrations run again on it) and the writer goes through every line.
    const second = runNode(WRITER, [dataDir], {});
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toContain('done');

    const database = await openDatabase({ dataDir });
    try {
      const lines = await queryRows(
        database.db,
        z.object({ key: z.string(), quantity: z.number() }),
        sql`select product_id || ':' || color_id || ':' || size as key, quantity from cart_items`,
      );
      const quantity = new Map(lines.map((line) => [line.key, line.quantity]));
      expect(quantity.size).toBe(ALL_LINES);
      // Acknowledged before the crash, then added again after it: 2 each, none lost.
      for (const key of beforeCrash) expect(quantity.get(key), key).toBe(2);
      // At most one add can have committed without its acknowledgement reaching us.
      const twice = lines.filter((line) => line.quantity === 2).length;
      expect(twice - beforeCrash.size).toBeGreaterThanOrEqual(0);
      expect(twice - beforeCrash.size).toBeLessThanOrEqual(1);
      expect(lines.every((line) => line.quantity === 1 || line.quantity === 2)).toBe(true);

      // Index and table agree (an index left half-written would disagree with the heap).
      await database.db.execute(sql`set enable_seqscan = off`);
      const [byIndex] = await queryRows(
        database.db,
        z.object({ count: z.number() }),
        sql`select count(*)::int as count from cart_items where user_id > 0 and product_id > 0`,
      );
      expect(byIndex?.count).toBe(ALL_LINES);
      await database.db.execute(sql`reindex table cart_items`);
    } finally {
      await database.close();
    }
  }, 180_000);
});
