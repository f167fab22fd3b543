import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { REVIEW_INVITE } from './effect-kinds.js';
import { reviewInviteMail } from './mail.js';
import { reviewInvitation } from './service.js';

/**
 * The reviews module's effects (docs/decisions/0032): the invitation a week after delivery
 * (subscriptions.ts writes it once per order). Nothing is sent once there is nothing left to
 * review: the order was returned or cancelled, or every product of it is reviewed or gone.
 */
export function reviewEffectHandlers(deps: { db: Db; mailer: Mailer; links: WebLinks }): Record<string, EffectHandler> {
  return handle(REVIEW_INVITE, async ({ orderId }) => {
    const invite = await reviewInvitation(deps.db, orderId);
    if (invite) await deps.mailer.send(reviewInviteMail(invite, deps.links));
  });
}
