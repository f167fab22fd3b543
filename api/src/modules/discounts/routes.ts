import { DiscountCodeBodySchema, DiscountCodeSchema, IdParamsSchema, SuccessSchema } from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { createCode, deleteCode, listCodes, updateCode } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['admin: discount codes'];
const security = BEARER;

/** The admin's discount codes (TRADE.md section 4). */
export const adminDiscountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/discount-codes',
    {
      schema: {
        tags,
        security,
        summary: 'Every discount code, newest first, with its uses',
        response: { 200: API_ROUTES['GET /admin/discount-codes'].response, ...errors },
      },
    },
    async () => listCodes(app.db),
  );

  app.post(
    '/admin/discount-codes',
    {
      schema: {
        tags,
        security,
        summary: 'Create a discount code (409 CONFLICT when one is spelled the same ignoring case)',
        body: DiscountCodeBodySchema,
        response: { 201: DiscountCodeSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createCode(app.db, currentUser(request).id, request.body)),
  );

  app.put(
    '/admin/discount-codes/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a discount code; orders that used it keep what they were given',
        params: IdParamsSchema,
        body: DiscountCodeBodySchema,
        response: { 200: DiscountCodeSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => updateCode(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/admin/discount-codes/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a discount code; orders that used it keep its letters and their discount',
        params: IdParamsSchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCode(app.db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
