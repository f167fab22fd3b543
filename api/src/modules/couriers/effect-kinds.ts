import { dailyAt, every, everyMs } from '../../platform/outbox/timed.js';

/** Every quarter of an hour, the courier is asked about the parcels it carries (effects.ts; decision 0052). */
export const COURIER_TRACKING = every('couriers.tracking', everyMs(15 * 60_000));
/** Every night at 4 in Bulgaria, the courier's offices are synced (effects.ts). */
export const COURIER_OFFICES = every('couriers.offices', dailyAt(4));
