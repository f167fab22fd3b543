import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { courierEffectHandlers } from './modules/couriers/effects.js';
import type { Couriers } from './modules/couriers/shipments.js';
import { orderMailEffectHandlers } from './modules/order-mails/effects.js';
import { orderEffectHandlers } from './modules/orders/effects.js';
import { documentEffectHandlers } from './modules/documents/effects.js';
import { testPaymentPolicy } from './modules/documents/test-payments.js';
import { reviewEffectHandlers } from './modules/reviews/effects.js';
import { saleEffectHandlers } from './modules/sales/effects.js';
import { stockEffectHandlers } from './modules/stock/effects.js';
import { withdrawalEffectHandlers } from './modules/withdrawals/effects.js';
import { fileEffectHandlers } from './platform/files/collect.js';
import { complaintEffectHandlers } from './modules/complaints/effects.js';
import { recallEffectHandlers } from './modules/recalls/effects.js';
import { returnEffectHandlers } from './modules/returns/effects.js';
import { campaignEffectHandlers } from './modules/campaigns/effects.js';
import { giftCardEffectHandlers } from './modules/gift-cards/effects.js';
import type { Mailer } from './platform/mail/mailer.js';
import { ownerAddress } from './modules/settings/service.js';
import { webLinks } from './lib/links.js';
import type { EffectHandler } from './platform/outbox/outbox.js';
import type { PaymentProvider } from './platform/payments/index.js';

/** What the effects' subscribers use: the services outside the database. */
export interface EffectDeps {
  db: Db;
  mailer: Mailer;
  payments: PaymentProvider;
  config: Config;
  log: FastifyBaseLogger;
  couriers: Couriers;
}

/**
 * Every kind of effect the outbox runs, by name, from the modules that subscribe to order events
 * (docs/decisions/0032), and the timed ones (decision 0052). A new effect is one entry here and one
 * subscriber in its module.
 */
export function effectHandlers(deps: EffectDeps): Record<string, EffectHandler> {
  const { db, mailer, payments, config, log, couriers } = deps;
  const links = webLinks(config.publicUrl);
  const testPayments = testPaymentPolicy(config);
  const mail = {
    mailer,
    log,
    links,
    currency: config.currency,
    cardPayments: payments.takesNewPayments,
    testPayments,
  };
  return {
    ...orderEffectHandlers({ db, payments, log }),
    ...orderMailEffectHandlers({ ...mail, db }),
    ...stockEffectHandlers({ db, mailer, links, ownerAddress: () => ownerAddress(db) }),
    ...reviewEffectHandlers({ db, mailer, links }),
    ...withdrawalEffectHandlers({ ...mail, db }),
    ...complaintEffectHandlers({ ...mail, db }),
    ...recallEffectHandlers({ db, mailer, links }),
    ...returnEffectHandlers({ ...mail, db, couriers, publicUrl: config.publicUrl }),
    ...giftCardEffectHandlers({ db, mailer, links }),
    ...documentEffectHandlers({ db, mailer, testPayments }),
    ...courierEffectHandlers({ db, couriers, log }),
    ...saleEffectHandlers(db),
    ...fileEffectHandlers(db, log),
    ...campaignEffectHandlers({
      db,
      mailer,
      links,
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      currency: config.currency,
    }),
  };
}
