import type { Db } from '../../db/client.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { OWNER_WITHDRAWAL_MAIL, WITHDRAWAL_MAIL, WITHDRAWAL_REFUND_MAIL } from './effect-kinds.js';
import { mailWithdrawal } from './mail.js';
import { mailOwnerWithdrawal } from './owner-mail.js';
import { mailWithdrawalRefund } from './refund-mail.js';

/** The withdrawals module's effects: the acknowledgement of a recorded withdrawal, the owner's notice, and a cash-on-delivery withdrawal's refund. */
export function withdrawalEffectHandlers(deps: OrderMailDeps & { db: Db }): Record<string, EffectHandler> {
  return {
    ...handle(WITHDRAWAL_MAIL, ({ withdrawalId }) => mailWithdrawal(deps.db, deps, withdrawalId)),
    ...handle(OWNER_WITHDRAWAL_MAIL, ({ withdrawalId }) => mailOwnerWithdrawal(deps.db, deps, withdrawalId)),
    ...handle(WITHDRAWAL_REFUND_MAIL, (payload) => mailWithdrawalRefund(deps.db, deps, payload)),
  };
}
