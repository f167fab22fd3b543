import {
  CategorySchema,
  IdParamsSchema,
  LangQuerySchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../platform/cache/encoded.js';
import { requestLanguage } from '../../lib/language.js';
import { catalogKeys } from '../../platform/cache/catalog-cache.js';
import { CATALOG_HEADERS, countNewRead } from './cached-reads.js';
import { findProducts, indexProducts, searchAnswer, searchWords } from './search.js';
import { getProduct, listCategories, listProducts } from './service.js';
import { errorAnswers } from '../../lib/route-schema.js';

const isAdmin = (request: FastifyRequest) => request.user?.role === 'ADMIN' || request.user?.role === 'ROOT_ADMIN';

const CategoriesSchema = z.array(CategorySchema);

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The three categories, named in the request language',
        querystring: LangQuerySchema,
        response: { 200: CategoriesSchema },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const cached = await app.caches.catalogue.get(catalogKeys.categories(lang), CategoriesSchema, async () =>
        listCategories(lang),
      );
      return sendCached(request, reply, cached, CATALOG_HEADERS);
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Published products: of one category, matching words (`q`), in stock in sizes (`size=M,L`) in a colour (`color=Black`), on sale (`onSale=true`), sorted, the first `limit`',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListSchema, ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { categoryId, limit, q, sort, size, color } = request.query;
      const onSale = request.query.onSale === 'true';
      if (q === undefined && sort === undefined && size === undefined && color === undefined && !onSale) {
        const key = catalogKeys.products(lang, categoryId, limit);
        const cached = await app.caches.catalogue.get(key, ProductListSchema, () =>
          listProducts(app.db, lang, { categoryId, limit }),
        );
        return sendCached(request, reply, cached, CATALOG_HEADERS);
      }
      const query = { categoryId, q, sort, size, color, onSale, limit };
      const key = catalogKeys.search(lang, { ...query, words: searchWords(q) });
      // Each new search is a pass over the catalogue and a place in the search cache.
      await countNewRead(app, request, key);
      const cached = await app.caches.catalogue.getJson(key, async () => {
        const index = await app.caches.catalogue.value(`index:${lang}`, async () =>
          indexProducts(await listProducts(app.db, lang)),
        );
        return searchAnswer(findProducts(index, lang, query));
      });
      return sendCached(request, reply, cached, CATALOG_HEADERS);
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
        response: { 200: ProductSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { id } = request.params;
      if (isAdmin(request)) return getProduct(app.db, id, lang, true);
      const cached = await app.caches.catalogue.get(catalogKeys.product(id, lang), ProductSchema, () =>
        getProduct(app.db, id, lang),
      );
      return sendCached(request, reply, cached, CATALOG_HEADERS);
    },
  );
};
