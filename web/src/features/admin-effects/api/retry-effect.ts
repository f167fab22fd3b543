import { useSWRConfig } from 'swr';
import { call, type Outcome } from '../../../lib/api-client';
import { keyPath } from '../../../lib/swr-keys';
import { FAILED_EFFECTS_PATH } from './get-effects';

/** Runs a failed effect again now, its attempts renewed; 409 INVALID_TRANSITION when it is not failed. */
export const retryEffect = (id: number) => call('POST /admin/effects/:id/retry', { id });

/** Retry, then read the failing list again (the retried task leaves it; it comes back if it fails again). */
export function useRetryEffect() {
  const { mutate } = useSWRConfig();
  return async (id: number): Promise<Outcome> => {
    try {
      await retryEffect(id);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    } finally {
      await mutate((key) => keyPath(key) === FAILED_EFFECTS_PATH);
    }
  };
}
