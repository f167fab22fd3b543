import { IdParamsSchema, LangQuerySchema, PriceHistorySchema, ProductSchema, SaleBodySchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { getProduct } from '../catalog/service.js';
import { endSale, priceHistory, setSale } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['admin: products'];
const security = BEARER;

/** An admin's sale prices (TRADE.md section 4): each write audited and answered with the product as admins see it. */
export const adminSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.put(
    '/admin/products/:id/sale',
    {
      schema: {
        tags,
        security,
        summary: "Set the product's sale: from startsAt (now if absent or past) until endsAt (until ended if absent)",
        description:
          'Replaces the sale that has not ended: one to come is dropped, a running one ends when this one starts. ' +
          'The price must be below the regular price.',
        params: IdParamsSchema,
        querystring: LangQuerySchema,
        body: SaleBodySchema,
        response: { 200: ProductSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await setSale(app.db, currentUser(request).id, id, request.body);
      return getProduct(app.db, id, requestLanguage(request, request.query.lang), true);
    },
  );

  app.delete(
    '/admin/products/:id/sale',
    {
      schema: {
        tags,
        security,
        summary: "End the product's running sale now, or drop the one to come",
        params: IdParamsSchema,
        querystring: LangQuerySchema,
        response: { 200: ProductSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await endSale(app.db, currentUser(request).id, id);
      return getProduct(app.db, id, requestLanguage(request, request.query.lang), true);
    },
  );

  app.get(
    '/admin/products/:id/price-history',
    {
      schema: {
        tags,
        security,
        summary: 'Every change of the price a shopper paid, oldest first',
        params: IdParamsSchema,
        response: { 200: PriceHistorySchema, ...errors },
      },
    },
    async (request) => priceHistory(app.db, request.params.id),
  );
};
