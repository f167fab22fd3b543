import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { handleEvery } from '../../platform/outbox/timed.js';
import { COURIER_OFFICES, COURIER_TRACKING } from './effect-kinds.js';
import { syncOffices } from './offices.js';
import { pollTracking, type Couriers } from './shipments.js';

export interface CourierEffectDeps {
  db: Db;
  couriers: Couriers;
  log: FastifyBaseLogger;
}

/**
 * The couriers' timed work (docs/decisions/0044, 0052): the tracking of the parcels Econt carries
 * (the built-in courier tracks nothing: its admin marks them delivered), and the daily sync of
 * the offices, after which this process reads them again (others within OFFICE_INDEX_TTL_MS).
 * A failure is retried by the outbox; the next occurrence is written first, whatever happens.
 */
export function courierEffectHandlers({ db, couriers, log }: CourierEffectDeps): Record<string, EffectHandler> {
  const { gateway } = couriers;
  return {
    ...handleEvery(db, COURIER_TRACKING, async () => {
      if (gateway.name === 'builtin') return;
      const delivered = await pollTracking(db, gateway);
      if (delivered > 0) log.info({ delivered }, 'courier tracking: parcels delivered');
    }),
    ...handleEvery(db, COURIER_OFFICES, async () => {
      const result = await syncOffices(db, gateway);
      log.info({ ...result }, 'courier offices synced');
      await couriers.offices.refresh();
    }),
  };
}
