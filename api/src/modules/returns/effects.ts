import type { Db } from '../../db/client.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { RETURN_MAIL } from './effect-kinds.js';
import { mailReturn } from './mail.js';

/** The returns module's effects: the shopper's mail at each step of a return. */
export function returnEffectHandlers(deps: OrderMailDeps & { db: Db }): Record<string, EffectHandler> {
  return handle(RETURN_MAIL, ({ returnId, kind }) => mailReturn(deps, returnId, kind));
}
