import type { Db } from '../../db/client.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { OrderMailDeps } from '../orders/notify.js';
import { WITHDRAWAL_MAIL } from '../orders/subscribers.js';
import { mailWithdrawal } from './mail.js';

/** The withdrawals module's effects: the acknowledgement of a recorded withdrawal. */
export function withdrawalEffectHandlers(deps: OrderMailDeps & { db: Db }): Record<string, EffectHandler> {
  return {
    [WITHDRAWAL_MAIL]: async ({ payload }) => mailWithdrawal(deps.db, deps, Number(payload.withdrawalId)),
  };
}
