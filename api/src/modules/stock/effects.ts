import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { handle } from '../../platform/outbox/declare.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { collectBackInStock } from './alerts.js';
import { BACK_IN_STOCK, BACK_IN_STOCK_MAIL } from './effect-kinds.js';
import { backInStockMail } from './mail.js';

/** The stock module's effects (docs/decisions/0032). */
export function stockEffectHandlers(deps: { db: Db; mailer: Mailer; links: WebLinks }): Record<string, EffectHandler> {
  return {
    ...handle(BACK_IN_STOCK, () => collectBackInStock(deps.db)),
    ...handle(BACK_IN_STOCK_MAIL, (alert) => deps.mailer.send(backInStockMail(alert, deps.links))),
  };
}
