import { EFFECT_KINDS } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { effectHandlers, type EffectDeps } from './effect-handlers.js';

/**
 * The contract's list of effect kinds is the one the admin's failed-tasks screen labels (in both
 * languages: web/src/features/admin-effects/lib/effect-kinds.test.ts): a kind the outbox runs and
 * the list lacks would be shown by its bare name, so a new kind fails here until it is added there.
 */
describe('the kinds of effect', () => {
  it('are exactly the ones the outbox has a handler for', () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test' });
    // Building the map touches no service: each handler reaches its dependencies when it runs.
    const deps = { config, payments: { takesNewPayments: true }, couriers: {} } as unknown as EffectDeps;
    expect(Object.keys(effectHandlers(deps)).sort()).toEqual([...EFFECT_KINDS].sort());
  });
});
