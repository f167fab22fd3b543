import {
  type AdminComplaint,
  AdminComplaintSchema,
  AdminComplaintsQuerySchema,
  AdminComplaintsSchema,
  ComplaintCreatedSchema,
  DecideComplaintBodySchema,
  IdParamsSchema,
  LangQuerySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { apiPaths } from '../../lib/links.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';
import { readMultipartForm } from '../../platform/files/multipart-form.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { readComplaintForm } from './form.js';
import { complaintsRegisterCsv } from './register.js';
import { decideComplaint, fileComplaint, listComplaints, markRepaired, type ComplaintRead } from './service.js';

const tags = ['complaints'];
const security = BEARER;
const adminErrors = errorAnswers(400, 401, 403, 404);
const changeErrors = errorAnswers(400, 401, 403, 404, 409);

/** A complaint as the owner reads it, its kept acknowledgement behind the documents' signed link (decision 0064). */
const complaintAnswer = ({ acknowledgement, ...complaint }: ComplaintRead): AdminComplaint => ({
  ...complaint,
  acknowledgementUrl: acknowledgement ? apiPaths.documentPdf('complaint', complaint.id, acknowledgement) : null,
});

/**
 * Complaints (рекламации; YEAR.md section 6, decision 0059): the shopper files one from the order
 * page; the owner keeps the register, decides each one and marks repairs done.
 */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/complaints',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Report a defect of a delivered line within its guarantee (multipart: orderItemId, description, remedy, photo1…photo3): a gapless number, acknowledged by mail',
        security,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: ComplaintCreatedSchema, ...errorAnswers(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const filing = readComplaintForm(await readMultipartForm(request));
      const complaint = await fileComplaint(app.db, currentUser(request).id, request.params.id, filing);
      return reply.code(201).send({ complaint });
    },
  );

  app.get(
    '/admin/complaints',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary: 'The register of complaints, a page at a time: open ones by due date first',
        security,
        querystring: AdminComplaintsQuerySchema,
        response: { 200: AdminComplaintsSchema, ...adminErrors },
      },
    },
    async (request) => {
      const page = await listComplaints(app.db, request.query);
      return { ...page, data: page.data.map(complaintAnswer) };
    },
  );

  app.get(
    '/admin/complaints/export.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'The register of complaints as CSV (Consumer Protection Act, Art. 127), in the orders CSV’s dialect: a BOM, `;` and a decimal comma in Bulgarian',
        security,
        querystring: LangQuerySchema,
        response: { 200: z.string(), ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="complaints-register.csv"')
        .send(await complaintsRegisterCsv(app.db, requestLanguage(request, request.query.lang), app.config.publicUrl)),
  );

  app.post(
    '/admin/complaints/:id/decide',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'Decide a complaint (repair, replacement, price-reduction, refund, rejected): money through the order core’s refund, the shopper mailed',
        security,
        params: IdParamsSchema,
        body: DecideComplaintBodySchema,
        response: { 200: AdminComplaintSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { outcome, note, amount } = request.body;
      return complaintAnswer(
        await decideComplaint(app.db, currentUser(request).id, request.params.id, {
          outcome,
          note,
          amountCents: amount,
        }),
      );
    },
  );

  app.post(
    '/admin/complaints/:id/repaired',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin', ...tags],
        summary: 'The repair is done: the line’s guarantee is extended by 12 months, once',
        security,
        params: IdParamsSchema,
        response: { 200: AdminComplaintSchema, ...changeErrors },
      },
    },
    async (request) => complaintAnswer(await markRepaired(app.db, currentUser(request).id, request.params.id)),
  );
};
