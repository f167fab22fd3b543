import {
  CategorySchema,
  ErrorBodySchema,
  IdParamsSchema,
  LangQuerySchema,
  ProductListQuerySchema,
  ProductSchema,
} from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CachedBody } from '../../platform/cache/catalog-cache.js';
import { sendEncoded } from '../../platform/cache/encoded.js';
import { requestLanguage } from '../../lib/language.js';
import { getProduct, listCategories, listProducts } from './service.js';

/** Sends a cached JSON body (compressed when the client accepts it), or 304 when the client has it. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply
    .header('etag', cached.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-language, accept-encoding, authorization');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return sendEncoded(request, reply.type('application/json; charset=utf-8'), cached);
}

const isAdmin = (request: FastifyRequest) => request.user?.role === 'ADMIN' || request.user?.role === 'ROOT_ADMIN';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The three categories, named in the request language',
        querystring: LangQuerySchema,
        response: { 200: z.array(CategorySchema) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      return sendCached(
        request,
        reply,
        await app.catalogCache.get(`categories:${lang}`, async () => listCategories(lang)),
      );
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Published products, optionally of one category',
        querystring: ProductListQuerySchema,
        response: { 200: z.array(ProductSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { categoryId } = request.query;
      const key = `products:${lang}:${categoryId ?? 'all'}`;
      return sendCached(request, reply, await app.catalogCache.get(key, () => listProducts(app.db, lang, categoryId)));
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product (admins also see unpublished ones)',
        params: IdParamsSchema,
        querystring: LangQuerySchema,
        response: { 200: ProductSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { id } = request.params;
      if (isAdmin(request)) return getProduct(app.db, id, lang, true);
      return sendCached(
        request,
        reply,
        await app.catalogCache.get(`product:${id}:${lang}`, () => getProduct(app.db, id, lang)),
      );
    },
  );
};
