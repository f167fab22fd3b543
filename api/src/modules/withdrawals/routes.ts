import {
  CreateWithdrawalBodySchema,
  ErrorBodySchema,
  IdParamsSchema,
  PublicWithdrawalBodySchema,
  WithdrawalSchema,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimitError } from '../../lib/errors.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { mailWithdrawal } from './mail.js';
import { withdraw, type WithdrawalRequest } from './service.js';

const tags = ['withdrawals'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
/** Public tries per client address: enough for a typo or two, too few to guess order numbers and emails. */
const PUBLIC_TRIES: readonly [number, number] = [10, 3_600_000];

/** The withdrawal function (OPERATIONS.md section 6): from the order page, or publicly by order number and email. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const record = async (request: FastifyRequest, withdrawal: WithdrawalRequest) => {
    const { name, email, ...recorded } = await withdraw(app.db, withdrawal);
    await mailWithdrawal(
      app.db,
      { mailer: app.mailer, log: request.log, publicUrl: app.config.publicUrl, currency: app.config.currency },
      { ...recorded, name, email },
    );
    return { withdrawal: recorded };
  };

  app.post(
    '/orders/:id/withdrawal',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Withdraw from the contract of one of the shopper’s orders (all lines, or the ones named)',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: CreateWithdrawalBodySchema,
        response: { 201: WithdrawalSchema, 401: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, reason } = request.body;
      const answer = await record(request, {
        orderId: request.params.id,
        who: { userId: currentUser(request).id },
        items,
        reason,
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/withdrawals',
    {
      schema: {
        tags,
        summary:
          'Withdraw without logging in: the order number and the email it was placed with (rate limited per address)',
        body: PublicWithdrawalBodySchema,
        response: { 201: WithdrawalSchema, 429: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const [max, windowMs] = PUBLIC_TRIES;
      const limit = await app.limiter.hit(`withdrawal:${request.ip}`, max, windowMs);
      if (!limit.allowed) throw new RateLimitError(limit.retryAfter);
      const { orderId, email, name, reason } = request.body;
      const answer = await record(request, { orderId, who: { email }, name, reason });
      return reply.code(201).send(answer);
    },
  );
};
