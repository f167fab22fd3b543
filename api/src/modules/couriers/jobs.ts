import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { courierOffices } from '../../db/schema.js';
import { builtinCourier } from './builtin.js';
import { econtCourier } from './econt.js';
import { OfficeIndex } from './office-index.js';
import { syncOffices } from './offices.js';
import { scheduleTracking, type Couriers } from './shipments.js';

/** The courier the configuration names (Econt with its account, else the built-in one), and the built-in one beside it. */
export function createCouriers(db: Db, config: Pick<Config, 'econt'>): Couriers {
  const builtin = builtinCourier();
  const gateway = config.econt ? econtCourier(config.econt) : builtin;
  return {
    gateway,
    of: (courier) => (courier === gateway.name ? gateway : courier === 'builtin' ? builtin : null),
    offices: new OfficeIndex(db, gateway.name),
  };
}

const DAY_MS = 86_400_000;

/**
 * The couriers' timers (docs/decisions/0044). The built-in courier's list is written at start
 * (as the catalogue is seeded: it is the shop's own). Econt's is synced in the background at
 * start when the shop has none of its offices yet, then daily; its tracking is polled every
 * quarter of an hour. Answers `ready` (the first sync done, or failed and logged) and `stop`.
 */
export function startCourierJobs(
  db: Db,
  couriers: Couriers,
  log: FastifyBaseLogger,
): { ready: Promise<void>; stop: () => void } {
  const { gateway } = couriers;
  const sync = () =>
    syncOffices(db, gateway).then(
      async (result) => {
        log.info({ ...result }, 'courier offices synced');
        await couriers.offices.refresh();
      },
      (error: unknown) => log.warn({ err: error }, 'courier offices could not be synced'),
    );
  const ready =
    gateway.name === 'builtin'
      ? sync()
      : db
          .select({ id: courierOffices.id })
          .from(courierOffices)
          .where(eq(courierOffices.courier, gateway.name))
          .limit(1)
          .then(([any]) => (any ? undefined : sync()))
          .catch((error: unknown) => log.warn({ err: error }, 'courier offices could not be read'));
  const daily = setInterval(() => void sync(), DAY_MS);
  daily.unref();
  const stopTracking = gateway.name === 'builtin' ? () => undefined : scheduleTracking(db, gateway, log);
  return {
    ready,
    stop() {
      clearInterval(daily);
      stopTracking();
    },
  };
}
