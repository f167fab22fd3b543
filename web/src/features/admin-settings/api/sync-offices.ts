import { call } from '../../../lib/api-client';

/** POST /admin/couriers/sync: the courier's offices and lockers read again now; answers what was added, changed, closed. */
export const syncOffices = () => call('POST /admin/couriers/sync');
