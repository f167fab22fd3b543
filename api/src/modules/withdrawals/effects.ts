import type { Db } from '../../db/client.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { OWNER_WITHDRAWAL_MAIL, WITHDRAWAL_MAIL } from '../orders/subscribers.js';
import { mailWithdrawal } from './mail.js';
import { mailOwnerWithdrawal } from './owner-mail.js';

/** The withdrawals module's effects: the acknowledgement of a recorded withdrawal, and the owner's notice. */
export function withdrawalEffectHandlers(deps: OrderMailDeps & { db: Db }): Record<string, EffectHandler> {
  return {
    [WITHDRAWAL_MAIL]: async ({ payload }) => mailWithdrawal(deps.db, deps, Number(payload.withdrawalId)),
    [OWNER_WITHDRAWAL_MAIL]: async ({ payload }) => mailOwnerWithdrawal(deps.db, deps, Number(payload.withdrawalId)),
  };
}
