import { AddLineBodySchema, IdParamsSchema, LangQuerySchema, WishlistItemSchema } from '@shop/contract';
import { API_ROUTES } from '@shop/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivateBody } from '../../lib/etag.js';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { addToWishlist, listWishlist, removeWishlistItem } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const security = BEARER;
const WishlistSchema = API_ROUTES['GET /wishlist'].response;

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: an anonymous request is told to log in, whatever its body.
  app.addHook('onRequest', requireUser);

  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: "The shopper's wishlist (ETag: If-None-Match answers 304 while it is unchanged)",
        security,
        querystring: LangQuerySchema,
        response: { 200: WishlistSchema, 304: z.null(), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const lang = requestLanguage(request, request.query.lang);
      const wishlist = await app.caches.responses.get(userId, `wishlist:${lang}`, WishlistSchema, () =>
        listWishlist(app.db, userId, lang),
      );
      return sendPrivateBody(request, reply, wishlist);
    },
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Add (product, colour, size) to the wishlist: 201 new, 200 when it is already there',
        security,
        querystring: LangQuerySchema,
        body: AddLineBodySchema,
        response: { 200: WishlistItemSchema, 201: WishlistItemSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { item, created } = await addToWishlist(app.db, currentUser(request).id, request.body, lang);
      return reply.code(created ? 201 : 200).send(item);
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove one of your wishlist items',
        security,
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await removeWishlistItem(app.db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
