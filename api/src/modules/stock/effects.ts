import type { Db } from '../../db/client.js';
import type { WebLinks } from '../../lib/links.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { BatchLoader } from '../../platform/cache/batch-loader.js';
import { handle } from '../../platform/outbox/declare.js';
import { handleEvery } from '../../platform/outbox/timed.js';
import type { EffectHandler } from '../../platform/outbox/outbox.js';
import { collectBackInStock } from './alerts.js';
import { BACK_IN_STOCK, BACK_IN_STOCK_MAIL, LOW_STOCK_DIGEST } from './effect-kinds.js';
import { lowStock } from './low-stock.js';
import { backInStockMail, lowStockMail } from './mail.js';

/** Most variants one digest lists. */
const DIGEST_LINES = 50;

export interface StockEffectDeps {
  db: Db;
  mailer: Mailer;
  links: WebLinks;
  /** Where the owner's notices go (the settings' notifications or seller's address; '': no one to tell). */
  ownerAddress: () => Promise<string>;
}

/** The stock module's effects (docs/decisions/0032). */
export function stockEffectHandlers(deps: StockEffectDeps): Record<string, EffectHandler> {
  const { db } = deps;
  // Stock that came back with several events at once (checkouts replaced or lapsed together) is
  // looked for once: the look starts after every one of them was taken, so it sees them all.
  const collection = new BatchLoader(async (keys: 'all'[]) => {
    await collectBackInStock(db);
    return new Map(keys.map((key) => [key, true]));
  });
  return {
    ...handle(BACK_IN_STOCK, () => collection.load('all')),
    ...handle(BACK_IN_STOCK_MAIL, (alert) => deps.mailer.send(backInStockMail(alert, deps.links))),

    /** The day's low stock, to the owner, if anything is low. */
    ...handleEvery(db, LOW_STOCK_DIGEST, async ({ period: day }) => {
      const to = await deps.ownerAddress();
      if (!to) return;
      const lines = await lowStock(db, DIGEST_LINES);
      if (lines.length === 0) return;
      await deps.mailer.send(lowStockMail({ to, date: day, lines, links: deps.links }));
    }),
  };
}
