import {
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminReviewSchema,
  IdParamsSchema,
  LangQuerySchema,
  ReviewBodySchema,
  ReviewCreatedSchema,
  ReviewEligibilitySchema,
  ReviewListQuerySchema,
  ReviewListSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { catalogKeys } from '../../platform/cache/catalog-cache.js';
import { sendCached } from '../../platform/cache/encoded.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { CATALOG_HEADERS, countNewRead } from '../catalog/cached-reads.js';
import { createReview, listProductReviews, listReviewsForAdmin, moderateReview, reviewEligibility } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const tags = ['reviews'];

/** A product's reviews: anyone reads the published ones; a buyer writes one (TRADE.md section 5). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags,
        summary: 'The published reviews of a product, newest first, 10 a page, with the summary of them all',
        description:
          'A page past the last: 404. Pages not yet kept in memory count towards SEARCH_RATE_LIMIT a minute per ' +
          'client, as new searches do: 429 beyond it.',
        params: IdParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewListSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request, request.query.lang);
      const { id } = request.params;
      const page = request.query.page ?? 1;
      // Kept apart from the product's answers (a review published or hidden drops them: the table's
      // trigger); a page not kept yet counts towards the client's new reads, a page past the last is 404.
      const key = catalogKeys.reviews(id, lang, page);
      await countNewRead(app, request, key);
      const cached = await app.caches.catalogue.get(key, ReviewListSchema, () =>
        listProductReviews(app.db, id, lang, page),
      );
      return sendCached(request, reply, cached, CATALOG_HEADERS);
    },
  );

  app.get(
    '/products/:id/reviews/mine',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: BEARER,
        summary:
          'Whether you may review this product, asked before the form is shown: once, and only with a delivered ' +
          'order of it (reason: not-a-buyer, admin, already-reviewed)',
        params: IdParamsSchema,
        response: { 200: ReviewEligibilitySchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => reviewEligibility(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: BEARER,
        summary:
          'Review a product you received (a delivered order of yours holds it): it waits for moderation. ' +
          'Anyone else: 403 NOT_A_BUYER; a second review: 409 ALREADY_REVIEWED',
        params: IdParamsSchema,
        body: ReviewBodySchema,
        response: {
          201: ReviewCreatedSchema,
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReview(app.db, currentUser(request).id, request.params.id, request.body)),
  );
};

const errors = errorAnswers(400, 401, 403, 404);
const adminTags = ['admin: reviews'];
const security = BEARER;

/** The admin's moderation of reviews: each publish and hide audited. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: adminTags,
        security,
        summary: 'Reviews of one state (pending: oldest first; published, hidden: newest first)',
        querystring: AdminReviewListQuerySchema,
        response: { 200: AdminReviewListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listReviewsForAdmin(app.db, request.query.status, requestLanguage(request, request.query.lang)),
    }),
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['hide', 'hidden'],
  ] as const) {
    app.post(
      `/admin/reviews/:id/${action}`,
      {
        schema: {
          tags: adminTags,
          security,
          summary:
            action === 'publish'
              ? 'Publish a review: it shows on the product page and counts in its rating'
              : 'Hide a review: it no longer shows nor counts',
          params: IdParamsSchema,
          querystring: LangQuerySchema,
          response: { 200: AdminReviewSchema, ...errors },
        },
      },
      async (request) =>
        moderateReview(
          app.db,
          currentUser(request).id,
          request.params.id,
          status,
          requestLanguage(request, request.query.lang),
        ),
    );
  }
};
