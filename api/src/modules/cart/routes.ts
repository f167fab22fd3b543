import {
  AddLineBodySchema,
  CartItemSchema,
  CartLineParamsSchema,
  LangQuerySchema,
  UpdateCartLineBodySchema,
} from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivateBody } from '../../lib/etag.js';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { addToCart, listCart, removeCartLine, updateCartLine } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const security = BEARER;
const CartSchema = API_ROUTES['GET /cart'].response;

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: an anonymous request is told to log in, whatever its body.
  app.addHook('onRequest', requireUser);

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The shopper's cart (ETag: If-None-Match answers 304 while it is unchanged)",
        security,
        querystring: LangQuerySchema,
        response: { 200: CartSchema, 304: z.null(), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const lang = requestLanguage(request, request.query.lang);
      const cart = await app.caches.responses.get(userId, `cart:${lang}`, CartSchema, () =>
        listCart(app.db, userId, lang),
      );
      return sendPrivateBody(request, reply, cart);
    },
  );

  app.post(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add to a line (product, colour, size): 201 new, 200 merged; the quantity never exceeds 99',
        security,
        querystring: LangQuerySchema,
        body: AddLineBodySchema,
        response: {
          200: CartItemSchema,
          201: CartItemSchema,
          ...errorAnswers(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { item, created } = await addToCart(app.db, currentUser(request).id, request.body, lang);
      return reply.code(created ? 201 : 200).send(item);
    },
  );

  app.patch(
    '/cart/:cartItemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity (1..99) of one of your lines',
        security,
        params: CartLineParamsSchema,
        querystring: LangQuerySchema,
        body: UpdateCartLineBodySchema,
        response: { 200: CartItemSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const lang = requestLanguage(request, request.query.lang);
      return updateCartLine(app.db, currentUser(request).id, request.params.cartItemId, request.body.quantity, lang);
    },
  );

  app.delete(
    '/cart/:cartItemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove one of your lines',
        security,
        params: CartLineParamsSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await removeCartLine(app.db, currentUser(request).id, request.params.cartItemId);
      return reply.code(204).send(null);
    },
  );
};
