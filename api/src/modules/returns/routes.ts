import {
  AdminReturnAnswerSchema,
  AdminReturnsQuerySchema,
  AdminReturnsSchema,
  CreateReturnBodySchema,
  IdParamsSchema,
  ReturnAnswerSchema,
  ReturnListSchema,
  ReturnQuoteSchema,
  ReturnStatsSchema,
  LangQuerySchema,
  ReceiveReturnBodySchema,
  RejectReturnBodySchema,
  text,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { listAdminReturns } from './admin.js';
import { returnAnswer } from './answers.js';
import { labelPdf } from './label.js';
import { returnStats, returnStatsCsv } from './teach.js';
import { approveReturn, receiveReturn, rejectReturn } from './owner.js';
import { listOrderReturns, quoteReturn, requestReturn } from './service.js';

const tags = ['returns'];
const LabelLinkQuerySchema = z.object({ expires: z.coerce.number().int(), sig: text().max(100) });
const errors = errorAnswers(400, 401, 404, 409);
const security = BEARER;
const REFUSALS =
  '409 RETURN_WINDOW_OVER (after the later of the withdrawal period and the return window), NOTHING_TO_RETURN ' +
  '(lines already returned, withdrawn or not delivered), FINAL_SALE (a final-sale line after the withdrawal ' +
  'period), OUT_OF_STOCK (the exchange’s size or colour); 400 with fields.';

/** Returns and size exchanges by the shopper (YEAR.md section 2, docs/decisions/0056). */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/returns/quote',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'What a return would give back and what its label costs, before the shopper confirms',
        description: REFUSALS,
        security,
        params: IdParamsSchema,
        body: CreateReturnBodySchema,
        response: { 200: ReturnQuoteSchema, ...errors },
      },
    },
    async (request) => quoteReturn(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/orders/:id/returns',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Return lines of a delivered order for a refund, another size or colour (held at once), or store credit',
        description: `Within the withdrawal period it is also the withdrawal from those lines. ${REFUSALS}`,
        security,
        params: IdParamsSchema,
        body: CreateReturnBodySchema,
        response: { 201: ReturnAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await requestReturn(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body,
        app.couriers.gateway.name,
      );
      return reply.code(201).send({ return: returnAnswer(created) });
    },
  );

  app.get(
    '/orders/:id/returns',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The returns of one of the shopper’s orders, newest first',
        security,
        params: IdParamsSchema,
        response: { 200: ReturnListSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => ({
      data: (await listOrderReturns(app.db, currentUser(request).id, request.params.id)).map((read) =>
        returnAnswer(read),
      ),
    }),
  );

  app.get(
    '/returns/:id/label',
    {
      schema: {
        tags,
        summary:
          'A return’s label as PDF, through the signed link its return gave the shopper (no token; the link lasts a day, a week from the label’s mail)',
        description:
          '403 when the link is not the shop’s or has expired; 404 while the courier has not made the label.',
        params: IdParamsSchema,
        querystring: LabelLinkQuerySchema,
        response: { 200: z.unknown(), ...errorAnswers(400, 403, 404, 502) },
      },
    },
    async (request, reply) => {
      const { pdf, trackingNumber } = await labelPdf(app.db, app.couriers, request.params.id, request.query);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="return-label-${trackingNumber.replace(/[^\w-]/g, '')}.pdf"`)
        .send(pdf);
    },
  );

  const adminErrors = errorAnswers(400, 401, 403, 404);
  const changeErrors = errorAnswers(400, 401, 403, 404, 409);
  const moved =
    '409 INVALID_TRANSITION when the return is not in a status this step starts from (clicked twice, or by another admin).';

  app.get(
    '/admin/returns',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary: 'Returns, a page at a time: open ones first, oldest first; `open` counts those waiting for the owner',
        security,
        querystring: AdminReturnsQuerySchema,
        response: { 200: AdminReturnsSchema, ...adminErrors },
      },
    },
    async (request) => {
      const page = await listAdminReturns(app.db, request.query);
      return { ...page, data: page.data.map((read) => returnAnswer(read)) };
    },
  );

  app.get(
    '/admin/returns/stats',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary: 'What returns teach: the return rate per product (highest first) and the units returned per reason',
        security,
        response: { 200: ReturnStatsSchema, ...adminErrors },
      },
    },
    async () => returnStats(app.db),
  );

  app.get(
    '/admin/returns/stats.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'The return rate per product and reason as CSV, in the orders CSV’s dialect: a BOM, `;` and a decimal comma in Bulgarian',
        security,
        querystring: LangQuerySchema,
        response: { 200: z.string(), ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="return-rates.csv"')
        .send(await returnStatsCsv(app.db, requestLanguage(request, request.query.lang))),
  );

  app.post(
    '/admin/returns/:id/approve',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary: 'Approve a requested return, or settle a received one kept for the owner (its outcome runs)',
        description: moved,
        security,
        params: IdParamsSchema,
        response: { 200: AdminReturnAnswerSchema, ...changeErrors },
      },
    },
    async (request) => ({
      return: returnAnswer(await approveReturn(app.db, currentUser(request).id, request.params.id)),
    }),
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'Reject a requested or received return with a reason the shopper reads; an exchange’s held size goes back to stock',
        description: moved,
        security,
        params: IdParamsSchema,
        body: RejectReturnBodySchema,
        response: { 200: AdminReturnAnswerSchema, ...changeErrors },
      },
    },
    async (request) => ({
      return: returnAnswer(await rejectReturn(app.db, currentUser(request).id, request.params.id, request.body.reason)),
    }),
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'Receive a return with each unit’s condition: resellable units back to stock, then its refund, exchange order or store credit',
        description: `Each line’s units add up to what was returned (400 otherwise). Units damaged in a return that is no defect keep it received for the owner to approve or reject. ${moved}`,
        security,
        params: IdParamsSchema,
        body: ReceiveReturnBodySchema,
        response: { 200: AdminReturnAnswerSchema, ...changeErrors },
      },
    },
    async (request) => ({
      return: returnAnswer(await receiveReturn(app.db, currentUser(request).id, request.params.id, request.body)),
    }),
  );
};
