import type { Db } from '../../db/client.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { handleEvery } from '../../platform/outbox/timed.js';
import type { Couriers } from '../couriers/shipments.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { RETURN_LABEL, RETURN_LABEL_MAIL, RETURN_MAIL, RETURN_TRACKING } from './effect-kinds.js';
import { makeLabelFor, pollReturnTracking } from './label.js';
import { mailReturnLabel } from './label-mail.js';
import { mailReturn } from './mail.js';

/**
 * The returns module's effects: the shopper's mail at each step of a return, the label made once
 * approved and its mail, and the labels' tracking (a return the courier has taken is on its way).
 */
export function returnEffectHandlers(
  deps: OrderMailDeps & { db: Db; couriers: Couriers; publicUrl: string },
): Record<string, EffectHandler> {
  const { db, couriers } = deps;
  return {
    ...handle(RETURN_MAIL, ({ returnId, kind }) => mailReturn(deps, returnId, kind)),
    ...handle(RETURN_LABEL, ({ returnId }) => makeLabelFor(db, couriers, returnId)),
    ...handle(RETURN_LABEL_MAIL, ({ returnId }) => mailReturnLabel(deps, returnId)),
    ...handleEvery(db, RETURN_TRACKING, () => pollReturnTracking(db, couriers)),
  };
}
