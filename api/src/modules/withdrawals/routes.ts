import {
  AdminOrderSchema,
  ConfirmWithdrawalBodySchema,
  IdParamsSchema,
  PublicWithdrawalBodySchema,
  WithdrawalLinkQuerySchema,
  WithdrawalRequestedSchema,
  WithdrawalRequestSchema,
  WithdrawalSchema,
  WithdrawalRefundBodySchema,
  ORDER_TABLE,
} from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webLinks } from '../../lib/links.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { getAdminOrder } from '../orders/admin-list.js';
import { adminOrderAnswer } from '../orders/admin-answer.js';
import { confirmRequest, requestWithdrawal, viewRequest } from './requests.js';
import { refundCashWithdrawal } from './refund.js';
import { withdraw, type RecordedWithdrawal } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const tags = ['withdrawals'];
const errors = errorAnswers(400, 404, 409);
const linkErrors = errorAnswers(400, 410, 429);

/**
 * The withdrawal function (docs/decisions/0024): from the order page, or publicly by order
 * reference and email, recorded once the link mailed to the order's address is opened.
 */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The acknowledgement mail is an effect of the recorded withdrawal (effects.ts).
  const acknowledge = ({ name: _name, email: _email, ...recorded }: RecordedWithdrawal) => ({ withdrawal: recorded });

  app.post(
    ORDER_TABLE.withdraw.route.shopper,
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Withdraw from the contract of one of the shopper’s orders (all lines, or the ones named)',
        security: BEARER,
        params: IdParamsSchema,
        body: API_ROUTES['POST /orders/:id/withdrawal'].body,
        response: { 201: API_ROUTES['POST /orders/:id/withdrawal'].response, ...errorAnswers(401), ...errors },
      },
    },
    async (request, reply) => {
      const { items, reason } = request.body;
      const recorded = await withdraw(app.db, {
        orderId: request.params.id,
        who: { userId: currentUser(request).id },
        items,
        reason,
      });
      return reply.code(201).send(acknowledge(recorded));
    },
  );

  app.post(
    '/withdrawals',
    {
      schema: {
        tags,
        summary:
          'Ask to withdraw without logging in: a link to confirm goes to the order’s own address (the same answer whatever the order; limited per client, order and email)',
        body: PublicWithdrawalBodySchema,
        response: { 202: WithdrawalRequestedSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      await requestWithdrawal(
        {
          db: app.db,
          limiter: app.limiter,
          mailer: app.mailer,
          log: request.log,
          links: webLinks(app.config.publicUrl),
        },
        request.body,
        request.ip,
      );
      return reply.code(202).send({ sent: true });
    },
  );

  // The mailed link's page reads the request (safe for mail scanners that open links) ...
  app.get(
    '/withdrawals/confirm',
    {
      schema: {
        tags,
        summary: 'The withdrawal request behind a mailed link (records nothing)',
        querystring: WithdrawalLinkQuerySchema,
        response: { 200: WithdrawalRequestSchema, ...linkErrors },
      },
    },
    async (request) => viewRequest(app.db, request.query.token),
  );

  // ... and only its button records the withdrawal.
  app.post(
    '/withdrawals/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a public withdrawal with the mailed link: recorded at the time the form was sent',
        body: ConfirmWithdrawalBodySchema,
        response: { 201: WithdrawalSchema, ...errorAnswers(409), ...linkErrors },
      },
    },
    async (request, reply) => {
      const recorded = await confirmRequest(app.db, request.body.token);
      return reply.code(201).send(acknowledge(recorded));
    },
  );

  app.post(
    '/admin/orders/:id/withdrawal/refund',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: orders'],
        summary:
          "Refund a cash-on-delivery order's withdrawal: the cash first (the owner's bank transfer), the rest back to store credit and gift cards",
        description:
          'All of the withdrawal’s refund that is left when `amount` is left out (400 past it). 404 without a withdrawal; ' +
          '409 INVALID_TRANSITION for a card order (refunded through the provider) or nothing left (decision 0070).',
        security: BEARER,
        params: IdParamsSchema,
        body: WithdrawalRefundBodySchema,
        response: { 200: AdminOrderSchema, ...errorAnswers(401, 403), ...errors },
      },
    },
    async (request) => {
      await refundCashWithdrawal(app.db, currentUser(request).id, request.params.id, request.body.amount);
      return adminOrderAnswer(await getAdminOrder(app.db, request.params.id));
    },
  );
};
