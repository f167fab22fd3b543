import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { EffectHandler } from './platform/outbox/outbox.js';
import type { PaymentProvider } from './platform/payments/index.js';

/** What the effects' subscribers use: the services outside the database. */
export interface EffectDeps {
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Every kind of effect the outbox runs, by name, from the modules that subscribe to order events
 * (docs/decisions/0030). A new effect is one entry here and one subscriber in its module.
 */
export function effectHandlers(deps: EffectDeps): Record<string, EffectHandler> {
  void deps;
  return {};
}
