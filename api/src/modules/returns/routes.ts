import {
  CreateReturnBodySchema,
  ErrorBodySchema,
  IdParamsSchema,
  ReturnAnswerSchema,
  ReturnListSchema,
  ReturnQuoteSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { listOrderReturns, quoteReturn, requestReturn } from './service.js';

const tags = ['returns'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const REFUSALS =
  '409 RETURN_WINDOW_OVER (after the later of the withdrawal period and the return window), NOTHING_TO_RETURN ' +
  '(lines already returned, withdrawn or not delivered), FINAL_SALE (a final-sale line after the withdrawal ' +
  'period), OUT_OF_STOCK (the exchange’s size or colour); 400 with fields.';

/** Returns and size exchanges by the shopper (YEAR.md section 2, docs/decisions/0056). */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/returns/quote',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'What a return would give back and what its label costs, before the shopper confirms',
        description: REFUSALS,
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: CreateReturnBodySchema,
        response: { 200: ReturnQuoteSchema, ...errors },
      },
    },
    async (request) => quoteReturn(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/orders/:id/returns',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Return lines of a delivered order for a refund, another size or colour (held at once), or store credit',
        description: `Within the withdrawal period it is also the withdrawal from those lines. ${REFUSALS}`,
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: CreateReturnBodySchema,
        response: { 201: ReturnAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await requestReturn(app.db, currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ return: created });
    },
  );

  app.get(
    '/orders/:id/returns',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The returns of one of the shopper’s orders, newest first',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: ReturnListSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await listOrderReturns(app.db, currentUser(request).id, request.params.id) }),
  );
};
