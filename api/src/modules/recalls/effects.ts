import type { Db } from '../../db/client.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { WebLinks } from '../../lib/links.js';
import { RECALL_MAIL } from './effect-kinds.js';
import { mailRecall } from './mail.js';

/** The recalls module's effect: a recall's notice to each buyer of an affected variant. */
export function recallEffectHandlers(deps: { db: Db; mailer: Mailer; links: WebLinks }): Record<string, EffectHandler> {
  return handle(RECALL_MAIL, ({ recallId, orderId }) => mailRecall(deps, recallId, orderId));
}
