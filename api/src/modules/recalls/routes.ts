import {
  IdParamsSchema,
  RecallBodySchema,
  RecallPublishedSchema,
  RecallSchema,
  RecallsSchema,
  RecallTextsBodySchema,
} from '@shop/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { recallNoticePdf } from './notice-pdf.js';
import { closeRecall, editRecall, listRecalls, publishRecall, readRecall } from './service.js';

const tags = ['recalls'];
const security = BEARER;
const changeErrors = errorAnswers(400, 401, 403, 404, 409);

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
        security,
        params: IdParamsSchema,
        body: RecallBodySchema,
        response: { 201: RecallPublishedSchema, ...changeErrors },
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
        response: { 200: RecallSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => readRecall(app.db, request.params.id),
  );

  app.get(
    '/recalls/:id/notice.pdf',
    {
      schema: {
        tags,
        summary:
          'The recall notice as a printable PDF in the form of the template of Implementing Regulation (EU) 2024/1435, in Bulgarian and English, with a QR code to its page',
        params: IdParamsSchema,
        response: { 200: z.unknown(), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const recall = await readRecall(app.db, request.params.id);
      const pdf = await recallNoticePdf(app.db, recall, `${app.config.publicUrl}/recalls/${recall.id}`);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `inline; filename="recall-${recall.id}.pdf"`)
        .send(pdf);
    },
  );

  app.put(
    '/admin/recalls/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'Correct a recall’s texts (title, hazard, remedy in English and Bulgarian); nobody is mailed again. A closed one: 409 RECALL_CLOSED',
        security,
        params: IdParamsSchema,
        body: RecallTextsBodySchema,
        response: { 200: RecallSchema, ...changeErrors },
      },
    },
    async (request) => editRecall(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/admin/recalls/:id/close',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary: 'Close a recall: it stays listed at /recalls, marked closed with its date. Once (409 RECALL_CLOSED)',
        security,
        params: IdParamsSchema,
        response: { 200: RecallSchema, ...changeErrors },
      },
    },
    async (request) => closeRecall(app.db, currentUser(request).id, request.params.id),
  );
};
