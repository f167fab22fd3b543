import { ErrorBodySchema, IdParamsSchema, StoreCreditBodySchema, StoreCreditSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { giveGoodwillCredit } from './store-credit.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const security = [{ bearer: [] }];

/** The owner's side of gift cards and store credit (YEAR.md section 3). */
export const adminGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

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
