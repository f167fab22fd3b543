import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { collectBackInStock } from './alerts.js';
import { backInStockMail, type BackInStock } from './mail.js';

import { BACK_IN_STOCK, BACK_IN_STOCK_MAIL } from './effect-kinds.js';

/** The stock module's effects (docs/decisions/0032). */
export function stockEffectHandlers(deps: { db: Db; mailer: Mailer; links: WebLinks }): Record<string, EffectHandler> {
  return {
    [BACK_IN_STOCK]: async () => void (await collectBackInStock(deps.db)),
    [BACK_IN_STOCK_MAIL]: async (effect) =>
      deps.mailer.send(backInStockMail(effect.payload as unknown as BackInStock, deps.links)),
  };
}
