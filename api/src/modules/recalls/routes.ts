import {
  ErrorBodySchema,
  IdParamsSchema,
  RecallBodySchema,
  RecallPublishedSchema,
  RecallSchema,
  RecallsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { listRecalls, publishRecall, readRecall } from './service.js';

const tags = ['recalls'];

/**
 * Product safety recalls (YEAR.md section 6, decision 0059): the owner publishes one from the
 * product's editor; anyone reads the notices (/recalls and /recalls/{id} of the web app).
 */
export const recallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/products/:id/recall',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'Publish a product safety recall (title, hazard, remedy in English and Bulgarian; the colours and sizes, none: all): every buyer of an affected variant is mailed once',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: RecallBodySchema,
        response: {
          201: RecallPublishedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await publishRecall(app.db, currentUser(request).id, request.params.id, request.body)),
  );

  app.get(
    '/recalls',
    {
      schema: {
        tags,
        summary: 'Every published product safety recall notice, the newest first',
        response: { 200: RecallsSchema },
      },
    },
    async () => ({ data: await listRecalls(app.db) }),
  );

  app.get(
    '/recalls/:id',
    {
      schema: {
        tags,
        summary:
          'One product safety recall notice (the fields of the template of Implementing Regulation (EU) 2024/1435)',
        params: IdParamsSchema,
        response: { 200: RecallSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => readRecall(app.db, request.params.id),
  );
};
