import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { outsideTransactions } from '../../db/transaction-scope.js';
import { courierOffices } from '../../db/schema.js';
import { builtinCourier } from './builtin.js';
import { econtCourier } from './econt.js';
import { OfficeIndex } from './office-index.js';
import { syncOffices } from './offices.js';
import type { Couriers } from './shipments.js';

/** The courier the configuration names (Econt with its account, else the built-in one), and the built-in one beside it. */
export function createCouriers(db: Db, config: Pick<Config, 'econt'>): Couriers {
  // The courier is another service: never asked from inside a transaction (as the mailer and the
  // payment provider: a label, a price or tracking is asked before or after one).
  const builtin = outsideTransactions('courier', builtinCourier());
  const gateway = config.econt ? outsideTransactions('courier', econtCourier(config.econt)) : builtin;
  return {
    gateway,
    of: (courier) => (courier === gateway.name ? gateway : courier === 'builtin' ? builtin : null),
    offices: new OfficeIndex(db, gateway.name),
  };
}

/**
 * The couriers' start (docs/decisions/0044): the built-in courier's list is written at start (as
 * the catalogue is seeded: it is the shop's own); Econt's is synced in the background at start
 * when the shop has none of its offices yet. The daily sync and the tracking are timed effects
 * (COURIER_OFFICES, COURIER_TRACKING: effects.ts). Answers `ready` (the first sync done, or failed
 * and logged).
 */
export function startCourierJobs(db: Db, couriers: Couriers, log: FastifyBaseLogger): { ready: Promise<void> } {
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
  return { ready };
}
