import type { Db } from '../../db/client.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { COMPLAINT_DECISION_MAIL, COMPLAINT_DUE_REMINDER, COMPLAINT_MAIL } from './effect-kinds.js';
import { remindOwnerOfDue } from './due-reminder.js';
import { mailComplaint } from './mail.js';

/**
 * The complaints module's effects: the acknowledgement of a complaint, and its decision, to the
 * shopper; the owner's reminder of its due date while it is open.
 */
export function complaintEffectHandlers(deps: OrderMailDeps & { db: Db }): Record<string, EffectHandler> {
  return {
    ...handle(COMPLAINT_MAIL, ({ complaintId }) => mailComplaint(deps, complaintId, 'filed')),
    ...handle(COMPLAINT_DECISION_MAIL, ({ complaintId }) => mailComplaint(deps, complaintId, 'decided')),
    ...handle(COMPLAINT_DUE_REMINDER, ({ complaintId }) => remindOwnerOfDue(deps, complaintId)),
  };
}
