import { IdParamsSchema, LangQuerySchema, ProductDetailsBodySchema, ProductSchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { getProduct } from '../catalog/service.js';
import { setProductDetails } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 403, 404);

/** An admin's size and fit of a product (TRADE.md section 5): audited, answered with the product as admins see it. */
export const adminSizeFitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.put(
    '/admin/products/:id/details',
    {
      schema: {
        tags: ['admin: products'],
        security: BEARER,
        summary:
          "Set the product's style code, fit and measurements, the SKUs set by hand, and its safety information and manufacturer",
        description:
          'Each field sent replaces what was; one left out is kept. styleCode null clears it. variants lists the ' +
          'SKUs set by hand and replaces them: every other colour × size takes <styleCode>-<COLOUR>-<size>. ' +
          'A style code or SKU another product has (or one SKU twice): 409 CONFLICT with fields. safety { en, bg } ' +
          'holds warnings and safety information in both languages (both or neither; null clears); manufacturer ' +
          '{ name, address, email } names who made it, null the seller (Regulation (EU) 2023/988, Art. 19).',
        params: IdParamsSchema,
        querystring: LangQuerySchema,
        body: ProductDetailsBodySchema,
        response: { 200: ProductSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await setProductDetails(app.db, currentUser(request).id, id, request.body);
      return getProduct(app.db, id, requestLanguage(request, request.query.lang), true);
    },
  );
};
