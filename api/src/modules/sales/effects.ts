import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { CHANGES_CHANNEL } from '../../platform/changes/feed.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { SALE_BOUNDARY } from './effect-kinds.js';

/**
 * A sale's start or end: a catalogue change, announced through the database so that every process
 * hears it (as a write to the catalogue would be), though the one process that runs it alone.
 */
export function saleEffectHandlers(db: Db): Record<string, EffectHandler> {
  return handle(SALE_BOUNDARY, async () => {
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'catalogue')`);
  });
}
