import {
  AdminGiftCardBodySchema,
  AdminGiftCardListSchema,
  AdminGiftCardSchema,
  AdminGiftCardsQuerySchema,
  GiftCardLedgerSchema,
  LangQuerySchema,
  GiftCardBalanceSchema,
  GiftCardCheckoutBodySchema,
  GiftCardCheckoutSchema,
  GiftCardCodeParamsSchema,
  IdParamsSchema,
  StoreCreditBodySchema,
  StoreCreditSchema,
} from '@shop/contract';
import { RateLimitError } from '../../lib/errors.js';
import { cardBalance, countedCardTry } from './cards.js';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { giveGoodwillCredit } from './store-credit.js';
import { startGiftCardPurchase } from './purchase.js';
import { adminGiftCard, giftCardLedger, giftCardsCsv, giveGiftCard, listGiftCards, voidGiftCard } from './admin.js';
import { requestLanguage } from '../../lib/language.js';
import { z } from 'zod';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 403, 404);
const security = BEARER;

/** Purchases a shopper may start in a minute (each opens a provider session). */
const PURCHASES_PER_MINUTE = 10;

/** The shopper's side: buying a card, and a card's balance by its code (YEAR.md section 3). */
export const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gift-cards/checkout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['gift cards'],
        security,
        summary: "Buy a gift card for someone: answers the card provider's page to pay on (never cash on delivery)",
        description:
          'The card is issued once paid (a webhook twice issues one card), mailed to the recipient at the send ' +
          'date (09:00 in Sofia; today or left out: at once) with a printable PDF; the buyer gets a purchase ' +
          'confirmation. No VAT, sale document or invoice at purchase (decision 0055).',
        body: GiftCardCheckoutBodySchema,
        response: {
          201: GiftCardCheckoutSchema,
          ...errors,
          ...errorAnswers(409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const limit = await app.limiter.hit(`gift-card-checkout:${user.id}`, PURCHASES_PER_MINUTE, 60_000);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfter));
        throw new RateLimitError(limit.retryAfter, 'Too many purchases at once. Please wait a moment and try again.');
      }
      const answer = await startGiftCardPurchase(app.db, app.payments, user, request.body, app.config.currency);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/gift-cards/:code',
    {
      schema: {
        tags: ['gift cards'],
        summary: "A gift card's balance, currency and expiry by its code (any case, spaces, hyphens)",
        description: '404 GIFT_CARD_NOT_FOUND; wrong codes count towards 10 a minute per client, then 429.',
        params: GiftCardCodeParamsSchema,
        response: { 200: GiftCardBalanceSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request) => countedCardTry(app.limiter, request.ip, () => cardBalance(app.db, request.params.code)),
  );
};

/** The owner's side of gift cards and store credit (YEAR.md section 3). */
export const adminGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin: gift cards'];

  app.get(
    '/admin/gift-cards',
    {
      schema: {
        tags,
        security,
        summary: 'Issued gift cards, newest first (the code masked but its last four), and the outstanding balance',
        description: '`outstanding` is what the shop owes: the balances of the active cards not yet expired.',
        querystring: AdminGiftCardsQuerySchema,
        response: { 200: AdminGiftCardListSchema, ...errors },
      },
    },
    async (request) => listGiftCards(app.db, request.query.page),
  );

  app.get(
    '/admin/gift-cards/export.csv',
    {
      schema: {
        tags,
        security,
        summary:
          'Every issued gift card as CSV (the orders CSV’s dialect: a BOM, `;` and a decimal comma in Bulgarian)',
        querystring: LangQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="gift-cards.csv"')
        .send(await giftCardsCsv(app.db, requestLanguage(request, request.query.lang))),
  );

  app.post(
    '/admin/gift-cards',
    {
      schema: {
        tags,
        security,
        summary: 'Give a gift card from the shop: active at once and mailed to the recipient now (audited)',
        body: AdminGiftCardBodySchema,
        response: { 201: AdminGiftCardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await giveGiftCard(app.db, currentUser(request).id, request.body, app.config.currency);
      return reply.code(201).send(await adminGiftCard(app.db, id));
    },
  );

  app.post(
    '/admin/gift-cards/:id/void',
    {
      schema: {
        tags,
        security,
        summary: 'Void a gift card: what is left of it is written off (a voided entry) and it pays no more (audited)',
        description: '409 CONFLICT when it is voided already.',
        params: IdParamsSchema,
        body: API_ROUTES['POST /admin/gift-cards/:id/void'].body,
        response: { 200: AdminGiftCardSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => voidGiftCard(app.db, currentUser(request).id, request.params.id, request.body?.reason),
  );

  app.get(
    '/admin/gift-cards/:id/ledger',
    {
      schema: {
        tags,
        security,
        summary: "A gift card's ledger entries, oldest first, and its balance (their sum)",
        params: IdParamsSchema,
        response: { 200: GiftCardLedgerSchema, ...errors },
      },
    },
    async (request) => giftCardLedger(app.db, request.params.id),
  );

  app.post(
    '/admin/users/:id/store-credit',
    {
      schema: {
        tags: ['admin: gift cards'],
        security,
        summary:
          "Give a customer store credit (a goodwill credit, with its reason; audited): answers the account's credit",
        params: IdParamsSchema,
        body: StoreCreditBodySchema,
        response: { 200: StoreCreditSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const storeCredit = await giveGoodwillCredit(
        app.db,
        actor.id,
        request.params.id,
        request.body.amount,
        request.body.reason,
      );
      return { storeCredit };
    },
  );
};
